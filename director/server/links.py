"""Table links and the addresses the server can listen on."""

from __future__ import annotations

import ipaddress
import socket

import psutil

from director.store.table_values import table_url

LOOPBACK = "127.0.0.1"

__all__ = ["LOOPBACK", "machine_addresses", "table_url"]


def machine_addresses() -> tuple[str, ...]:
    """This machine's IPv4 addresses the director may choose to serve on: the room's network
    first, loopback (this computer only) last."""
    found = {
        address.address
        for addresses in psutil.net_if_addrs().values()
        for address in addresses
        if address.family == socket.AF_INET
    }
    return tuple(sorted(found, key=lambda a: (ipaddress.ip_address(a).is_loopback, a)))
