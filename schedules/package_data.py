"""The files shipped inside the packages: every resource is found through here.

Each package keeps its files in its own `data/` folder (`schedules/data/`: the stored whist
designs and Safford seatings; `director/data/`: the laws, the fonts, the example sessions).
`importlib.resources` finds them wherever the package is installed (a source folder, a wheel's
site-packages, a zip), so the program works from any folder.
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable


def data_file(package: str, *parts: str) -> Traversable:
    """The shipped file or folder `parts` of `package`'s data folder:
    data_file("schedules", "whist", "pbd.json") is schedules/data/whist/pbd.json."""
    return files(package).joinpath("data", *parts)
