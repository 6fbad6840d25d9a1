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

from tests.browser import launch_chromium

if TYPE_CHECKING:
    from playwright.sync_api import Browser


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    """$CHROMIUM, else a Chromium on PATH, else Playwright's own download."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched: Browser = launch_chromium(playwright)
        yield launched
        launched.close()
