"""`python -m squidbox`: the command line."""

from .cli import main

raise SystemExit(main())
