"""The Pages workflow (.github/workflows/pages.yml) publishes exactly what `make dist`
builds, the way the README says, and it lints clean.

The workflow never runs here (no GitHub), so a renamed output in the Makefile, a missing
toolchain or a typo in the YAML would only show on the first push. The output paths are
read from the Makefile's `dist` recipe, not written down a second time.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"
WORKFLOW = WORKFLOWS / "pages.yml"
ACTIONLINT = ROOT / ".venv" / "bin" / "actionlint"


def workflow() -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return document


def job(name: str) -> dict[str, Any]:
    found: dict[str, Any] = workflow()["jobs"][name]
    return found


def build_steps() -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = job("build")["steps"]
    return found


def index_of_action(action: str) -> int:
    matching = [i for i, step in enumerate(build_steps())
                if str(step.get("uses", "")).startswith(action + "@")]
    assert len(matching) == 1, f"the build job should use {action} exactly once"
    return matching[0]


def index_of_make_dist() -> int:
    matching = [i for i, step in enumerate(build_steps()) if str(step.get("run", "")).strip() == "make dist"]
    assert len(matching) == 1, "the build job should run `make dist` exactly once"
    return matching[0]


def dist_recipe() -> list[str]:
    lines = (ROOT / "Makefile").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"dist\s*:", line))
    recipe = []
    for line in lines[start + 1:]:
        if not line.startswith("\t"):
            break
        recipe.append(line.strip())
    assert recipe, "the Makefile's dist target has no recipe"
    return recipe


def output_of(script: str) -> str:
    """The path that `make dist` hands to one of its build scripts as its output."""
    command = re.compile(rf"node {re.escape(script)} (\S+)")
    written = [m.group(1) for line in dist_recipe() if (m := command.fullmatch(line))]
    assert len(written) == 1, f"`make dist` should run {script} once, with its output path"
    return written[0]


def test_the_build_job_has_python_and_node_before_it_runs_make_dist() -> None:
    build = index_of_make_dist()
    assert index_of_action("actions/checkout") < build
    node = index_of_action("actions/setup-node")
    python = index_of_action("actions/setup-python")
    assert node < build and python < build, "`make dist` runs Node and makes .venv with Python"
    assert int(build_steps()[node]["with"]["node-version"]) >= 20
    version = str(build_steps()[python]["with"]["python-version"])
    major, minor = (int(part) for part in version.split(".")[:2])
    assert (major, minor) >= (3, 11), "the README asks for Python 3.11 or newer"


def test_the_pages_artifact_is_the_site_make_dist_builds() -> None:
    site = output_of("build/site.mjs")
    assert site == "dist/site"  # the folder the README tells a self-hoster to upload
    step = index_of_action("actions/upload-pages-artifact")
    assert step > index_of_make_dist()
    assert build_steps()[step]["with"]["path"] == site


def test_the_attached_artifact_is_the_one_file_make_dist_builds() -> None:
    one_file = output_of("build/onefile.mjs")
    assert one_file == "dist/2048.html"  # the name the README promises as the run's artifact
    step = index_of_action("actions/upload-artifact")
    assert step > index_of_make_dist()
    attached = build_steps()[step]["with"]
    assert attached["path"] == one_file
    # Unzipped, the artifact is named after the file itself: `2048.html`, as the README says.
    assert attached["archive"] is False
    assert attached["if-no-files-found"] == "error"


def test_the_pinned_packages_are_installed_with_npm_ci_before_make_dist() -> None:
    install = [i for i, step in enumerate(build_steps()) if str(step.get("run", "")).startswith("npm ci")]
    assert install and install[0] < index_of_make_dist()


def test_the_site_is_deployed_with_the_official_pages_actions_from_main_and_by_hand() -> None:
    index_of_action("actions/configure-pages")
    deploy = job("deploy")
    assert deploy["environment"]["name"] == "github-pages"
    assert [step for step in deploy["steps"] if str(step.get("uses", "")).startswith("actions/deploy-pages@")]
    assert workflow()["permissions"] == {"contents": "read"}
    triggers = workflow()[True]  # type: ignore[index]  # YAML 1.1 reads the key `on` as true
    assert triggers["push"]["branches"] == ["main"]
    assert "workflow_dispatch" in triggers


def test_every_action_is_pinned_to_a_full_commit_with_its_tag_named() -> None:
    used = [
        str(where["uses"])
        for body in workflow()["jobs"].values()
        for where in [body, *body.get("steps", [])]
        if "uses" in where
    ]
    assert used, "the workflow uses no action at all"
    for action in used:
        assert re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", action), f"{action} is not pinned to a commit"
    for action, comment in re.findall(r"uses:\s*(\S+)(.*)", WORKFLOW.read_text(encoding="utf-8")):
        assert re.search(r"#\s*v\d+\.\d+\.\d+", comment), f"{action} does not name its tag"


def test_only_the_deploy_job_may_publish_and_it_waits_for_the_build() -> None:
    deploy = job("deploy")
    needs = deploy["needs"]
    assert "build" in ([needs] if isinstance(needs, str) else needs)
    assert deploy["permissions"].get("pages") == "write"
    assert deploy["permissions"].get("id-token") == "write"
    assert "permissions" not in job("build"), "the build job keeps the workflow's read-only token"


def test_actionlint_finds_nothing_in_the_workflows() -> None:
    if not ACTIONLINT.is_file():
        pytest.skip(f"{ACTIONLINT.relative_to(ROOT)} is absent: `make venv` installs it "
                    "(requirements-dev.txt)")
    files = sorted(str(path) for path in WORKFLOWS.glob("*.y*ml"))
    assert files
    result = subprocess.run([str(ACTIONLINT), "-no-color", *files], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
