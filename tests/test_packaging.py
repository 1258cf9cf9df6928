"""What a user installs works: the built wheel, in a fresh venv outside the checkout.

An editable install reads templates and static files from the checkout, so it
hides any file packaging leaves out; this builds the wheel as ``pip install .``
would, checks it holds every file of the package's tree, installs it (with its
dependencies) into a new virtual environment in a temporary folder, starts that
copy's ``referee serve`` from there and opens every page.
"""

from __future__ import annotations

import http.cookiejar
import re
import shutil
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tests.support.live import referee_serve

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    # Built from a copy of the checkout's tracked files: setuptools builds in the source
    # folder, and in the checkout it would leave build/ behind (whose stale files the next
    # wheel would ship) while other tests, or another run, read the tree.
    source = tmp_path_factory.mktemp("source")
    tracked = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True
    ).stdout.decode()
    for name in filter(None, tracked.split("\0")):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(source)],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("canasta_referee-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv (outside the checkout) with the wheel and its dependencies installed."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)],
        check=True,
        capture_output=True,
    )
    return venv


def _package_files() -> set[str]:
    """Every file an installed copy needs that git tracks (code, catalogues, and the
    top-level templates and static files), named as the wheel ships it: templates/ and
    static/ inside the package."""
    listed = subprocess.run(
        ["git", "ls-files", "referee", "templates", "static"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return {
        name if name.startswith("referee/") else f"referee/{name}"
        for name in listed
        if (ROOT / name).is_file()
    }


def test_the_wheel_holds_every_file_of_the_package(wheel):
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    missing = sorted(_package_files() - shipped)
    assert missing == []
    # The folders that were missing before: the page fragments and the sheets.
    assert "referee/templates/fragments/head.html" in shipped
    assert "referee/templates/sheets/match.html" in shipped
    assert "referee/static/app.js" in shipped
    # Made from the sources by the wheel's build (setup.py: referee/prebuild.py), not in git:
    # every language's compiled catalogue and every preset's ask index.
    from referee.i18n import LANGUAGES
    from referee.rules import PRESETS

    for lang in LANGUAGES:
        assert f"referee/translations/{lang}/LC_MESSAGES/messages.mo" in shipped
    for vid in PRESETS:
        assert f"referee/ask/built/{vid}.json" in shipped
    assert "referee/ask/built/examples.sqlite" in shipped
    # The documentation is the repository's, as README.md is (which ships only as the
    # package's description): docs/ is not in the package, so no file of it ships.
    assert [name for name in shipped if name.startswith(("docs/", "referee/docs/"))] == []
    assert not any(name.endswith(("README.md", "phone.png")) for name in shipped)


def test_the_installed_copy_runs_from_its_own_site_packages(installed, tmp_path):
    python = installed / "bin" / "python"
    where = subprocess.run(
        [str(python), "-c", "import referee.cli; print(referee.cli.__file__)"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert "site-packages" in where
    assert str(ROOT) not in where


def test_a_target_install_finds_its_templates_and_prints_a_sheet(wheel, tmp_path):
    """``pip install --target`` (as --user, pipx and Debian's own prefixes, a folder that is
    not sys.prefix): the copy there reads its own templates, not the checkout's."""
    target = tmp_path / "target"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target)]
        + [str(wheel)],
        check=True,
        capture_output=True,
    )
    env = {"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"}
    where = subprocess.run(
        [sys.executable, "-c", "from referee.assets import asset_dir; print(asset_dir('static'))"],
        cwd=tmp_path,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert where == str(target / "referee" / "static")
    sheet = tmp_path / "blank.pdf"
    subprocess.run(
        [sys.executable, "-m", "referee.cli", "blank-sheet", "--variant", "samba"]
        + ["--out", str(sheet)],
        cwd=tmp_path,
        env=env,
        check=True,
        capture_output=True,
    )
    assert sheet.read_bytes().startswith(b"%PDF")


def _opener() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )


def _get(opener, url: str) -> tuple[int, str, bytes]:
    with opener.open(url, timeout=30) as answer:
        return answer.status, answer.headers.get("Content-Type", ""), answer.read()


def test_every_page_of_the_installed_copy_answers(installed, tmp_path):
    referee = str(installed / "bin" / "referee")
    with referee_serve(
        tmp_path / "data" / "referee.db", workers=1, command=[referee], cwd=tmp_path
    ) as server:
        browser = _opener()

        def page(path: str) -> str:
            status, kind, body = _get(browser, server.url + path)
            assert (status, kind.split(";")[0]) == (200, "text/html"), path
            return body.decode()

        for path in ("/", "/referee", "/rules/classic", "/rules/compare", "/matches/import"):
            page(path)
        form = page("/matches/new")
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form).group(1)
        data = f"csrf_token={token}&preset=classic&players=4&name=Packaged".encode()
        with browser.open(server.url + "/matches/new", data=data, timeout=30) as answer:
            match_url = answer.url  # the redirect to the new match's edit link
        assert re.search(r"/m/\d+/[\w-]+$", match_url)
        path = match_url.removeprefix(server.url)
        assert "Packaged" in page(path)
        assert 'name="side0-melds"' in page(path + "/hands/new")
        page(path + "/hands/new?mode=quick")
        page(path + "/history")
        page(path + "/referee")
        for asset in ("style.css", "app.js", "icon.svg", "icon-192.png"):
            status, _kind, body = _get(browser, f"{server.url}/static/{asset}")
            assert status == 200, asset
            assert body, asset
        status, kind, pdf = _get(browser, server.url + path + "/sheet.pdf")
        assert (status, kind, pdf[:5]) == (200, "application/pdf", b"%PDF-")
    assert "Traceback" not in server.output[0]


def test_the_made_files_are_the_same_bytes_from_the_same_sources(wheel):
    """The wheel's build made the catalogues and the ask files from the tracked sources
    alone; set-up made the checkout's from the same sources: the bytes agree (so the same
    sources always give the same files, and git need not keep them)."""
    from referee.ask.prebuilt import BUILT
    from referee.i18n import TRANSLATIONS

    with zipfile.ZipFile(wheel) as archive:
        made = {
            name: archive.read(name)
            for name in archive.namelist()
            if name.startswith("referee/ask/built/") or name.endswith(".mo")
        }
    assert len(made) >= 6 + 3
    for name, data in made.items():
        if name.endswith(".mo"):
            local = TRANSLATIONS / Path(name).relative_to("referee/translations")
        else:
            local = BUILT / Path(name).name
        assert local.read_bytes() == data, name
