"""What every browser test shares: one Chromium for the whole run.

Playwright's synchronous API runs one instance per process, so the end-to-end tests
(tests/e2e) and the cross-engine tests (tests/engines) borrow this same browser. It is
imported only when a test asks for it: the unit tests also run inside Pyodide, which
has no Playwright.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.browser import LAUNCH_ARGS, find_chromium

if TYPE_CHECKING:
    from playwright.sync_api import Browser


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    """$CHROMIUM, else a Chromium on PATH, else Playwright's own download."""
    from playwright.sync_api import sync_playwright

    executable = find_chromium()
    with sync_playwright() as playwright:
        if executable:
            launched = playwright.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
        else:
            launched = playwright.chromium.launch(args=LAUNCH_ARGS)
        yield launched
        launched.close()
