"""`python -m engine ...`: hands over to the command line."""

import sys

from .cli import main

sys.exit(main())
