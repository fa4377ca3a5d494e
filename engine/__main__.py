"""`python -m engine ...`: hands over to the command line."""

import sys

from engine.surfaces.cli import main

sys.exit(main())
