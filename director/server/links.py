"""Table links and the addresses the server can listen on."""

from __future__ import annotations

import ipaddress
import socket

import psutil

from director.store.table_values import table_url
from director.store.values import StoreError

LOOPBACK = "127.0.0.1"
EVERY_ADDRESS = "0.0.0.0"
"""Serve on every address of this machine; the links name its address on the room's network."""

__all__ = [
    "EVERY_ADDRESS",
    "LOOPBACK",
    "answers_to",
    "base_url",
    "link_host",
    "listen_address",
    "machine_addresses",
    "table_url",
]


def machine_addresses() -> tuple[str, ...]:
    """This machine's IPv4 addresses the director may choose to serve on: its address on the
    network it reaches others by first (most likely the room's), loopback (this computer only)
    last."""
    found = {
        address.address
        for addresses in psutil.net_if_addrs().values()
        for address in addresses
        if address.family == socket.AF_INET
    }
    routed = _routed_address()
    return tuple(sorted(found, key=lambda a: (ipaddress.ip_address(a).is_loopback, a != routed, a)))


def _routed_address() -> str | None:
    """The address this machine would send from to reach another network (a laptop's Wi-Fi
    rather than a virtual machine's bridge); None without a route. Nothing is sent: choosing
    the way for a datagram socket only asks the routing table."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): never a real host
            return str(probe.getsockname()[0])
        except OSError:
            return None


def _own_addresses() -> set[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    """Every address of this machine's network interfaces, IPv4 and IPv6."""
    return {
        ipaddress.ip_address(address.address.split("%", 1)[0])
        for addresses in psutil.net_if_addrs().values()
        for address in addresses
        if address.family in (socket.AF_INET, socket.AF_INET6)
    }


def listen_address(host: str) -> str:
    """The address to listen on for `host` (an address of this machine, a name of one, or
    `EVERY_ADDRESS`); refused with `StoreError` in one line naming `host` as the problem."""
    host = host.strip()
    if host == EVERY_ADDRESS:
        return host
    mine = _own_addresses()
    try:
        wanted = [ipaddress.ip_address(host)]
    except ValueError:
        wanted = _resolved(host)
    for address in wanted:
        if address.is_loopback or address in mine:
            return str(address)
    listed = ", ".join(machine_addresses())
    if not wanted:
        raise StoreError(
            f"{host!r} is not an address of this computer, nor a name it knows; choose one of"
            f" its addresses: {listed} (or {EVERY_ADDRESS} for all of them)"
        )
    raise StoreError(
        f"{host} is not an address of this computer (a phone could not reach the tables"
        f" there); choose one of its addresses: {listed} (or {EVERY_ADDRESS} for all of them)"
    )


def _resolved(name: str) -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    """The IPv4 addresses a name stands for (none if it stands for nothing)."""
    try:
        found = socket.getaddrinfo(name, None, socket.AF_INET, socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return []
    return [ipaddress.ip_address(info[4][0]) for info in found]


def link_host(host: str) -> str:
    """The host the tables' links name when the server listens on `host`: the machine's
    address on the room's network for `EVERY_ADDRESS` (loopback if it has no other)."""
    if host.strip() != EVERY_ADDRESS:
        return host.strip()
    return next(iter(machine_addresses()), LOOPBACK)


def base_url(host: str, port: int) -> str:
    """The address the tables' links start with when served on `host` and `port`.

    >>> base_url("192.168.1.20", 8765)
    'http://192.168.1.20:8765'
    """
    named = link_host(host)
    return f"http://{f'[{named}]' if ':' in named else named}:{port}"


def answers_to(host: str, port: int) -> frozenset[str]:
    """The `Host` headers a request to the server may carry: the links' host, and every name
    the server is reached by on the addresses it listens on (never another site's name)."""
    host = host.strip()
    names = {host}
    if host == EVERY_ADDRESS:
        names = {*machine_addresses(), "localhost"}
    else:
        names.add(listen_address(host))
        if ipaddress.ip_address(listen_address(host)).is_loopback:
            names.add("localhost")
    shown = {f"[{n}]" if ":" in n else n for n in names}
    with_port = {f"{n}:{port}" for n in shown}
    return frozenset(with_port | (shown if port == 80 else set()))
