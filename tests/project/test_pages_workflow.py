"""The GitHub Pages workflow (.github/workflows/pages.yml) does what the README promises.

It cannot run here (no GitHub), so its shape is checked: every action pinned to a full
commit, the pinned packages installed with `npm ci`, both outputs built by `make dist`,
the site deployed with the official Pages actions and the one file attached.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

WORKFLOW = Path(__file__).resolve().parents[2] / ".github" / "workflows" / "pages.yml"


def load() -> dict[Any, Any]:
    document: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return document


def steps(job: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = load()["jobs"][job]["steps"]
    return found


def uses(job: str, action: str) -> dict[str, Any]:
    matching = [step for step in steps(job) if str(step.get("uses", "")).startswith(action + "@")]
    assert len(matching) == 1, f"{job} should use {action} once"
    return matching[0]


def test_every_action_is_pinned_to_a_full_commit_with_its_tag_named() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    pins = re.findall(r"uses:\s*(\S+)(.*)", text)
    assert len(pins) >= 6
    for action, comment in pins:
        assert re.fullmatch(r"actions/[\w-]+@[0-9a-f]{40}", action), action
        assert re.search(r"#\s*v\d+\.\d+\.\d+", comment), f"{action} does not name its tag"


def test_build_installs_with_npm_ci_and_builds_both_outputs_with_make_dist() -> None:
    commands = [str(step.get("run", "")) for step in steps("build")]
    install = next(i for i, command in enumerate(commands) if command.startswith("npm ci"))
    build = commands.index("make dist")
    assert install < build


def test_site_is_deployed_with_the_official_pages_actions() -> None:
    assert uses("build", "actions/upload-pages-artifact")["with"]["path"] == "dist/site"
    uses("build", "actions/configure-pages")
    deploy = load()["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["environment"]["name"] == "github-pages"
    uses("deploy", "actions/deploy-pages")
    assert load()["permissions"] == {"contents": "read"}


def test_the_one_file_is_attached_as_a_download() -> None:
    attached = uses("build", "actions/upload-artifact")["with"]
    assert attached["path"] == "dist/2048.html"
    assert attached["if-no-files-found"] == "error"


def test_deploys_from_main_and_by_hand() -> None:
    triggers = load()[True]  # YAML 1.1 reads the key `on` as true
    assert triggers["push"]["branches"] == ["main"]
    assert "workflow_dispatch" in triggers
