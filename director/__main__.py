"""`python -m director` runs the command line."""

from director.cli import main

raise SystemExit(main())
