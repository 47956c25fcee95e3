"""`pip install .` gives a whole app: the wheel carries the templates, the static files, the
migrations and the service worker, and the app runs from it outside the repository.

The wheel is built from a copy of the source tree, installed into a new virtualenv with
--no-index: its dependencies are the ones this test run already has, seen through a path file
that leaves out this checkout's own (editable) fieldapp, so nothing is downloaded. Then, as an
operator would, `flask --app fieldapp seed-demo` (which runs the migrations) and gunicorn, and
the sign-in page, a stylesheet and /sw.js are fetched over HTTP.
"""
import os
import re
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIP = shutil.ignore_patterns(".venv", ".git", "__pycache__", "instance", "build", "*.egg-info",
                              ".pytest_cache", "test-results", "benchmarks")


def run(*args, **kw):
    result = subprocess.run(args, capture_output=True, text=True, timeout=300, **kw)
    assert result.returncode == 0, f"{args}: {result.stdout}\n{result.stderr}"
    return result.stdout


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def borrowed_site_packages(into: Path) -> Path:
    """This interpreter's installed packages, without fieldapp itself, as symlinks in one folder."""
    into.mkdir()
    site = Path(sysconfig.get_paths()["purelib"])
    for entry in site.iterdir():
        if "fieldapp" in entry.name.lower() or entry.suffix == ".pth":
            continue
        (into / entry.name).symlink_to(entry)
    return into


def get(url) -> tuple[int, str, str]:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status, response.headers.get("Content-Type", ""), response.read().decode()


def test_the_wheel_installs_and_serves_sign_in_styles_and_worker(tmp_path, empty_database):
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=SKIP)
    wheels = tmp_path / "wheels"
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
        "-q", "-w", str(wheels), str(source))
    (wheel,) = wheels.glob("fieldapp-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for needed in ("fieldapp/templates/base.html", "fieldapp/static/css/app.css", "fieldapp/service_worker/sw.js",
                   "fieldapp/migrations/env.py", "fieldapp/migrations/alembic.ini",
                   "fieldapp/migrations/versions/0001_initial_schema.py"):
        assert needed in names, needed

    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    site = Path(run(str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").strip())
    (site / "borrowed.pth").write_text(str(borrowed_site_packages(tmp_path / "borrowed")) + "\n")
    run(str(python), "-m", "pip", "install", "--no-index", "-q", str(wheel))

    work = tmp_path / "elsewhere"  # not the repository: the app must come from the wheel
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FLASK_", "PYTHON"))}
    env.update(DATABASE_URL=empty_database("wheel"), SECRET_KEY="wheel-test")
    where = run(str(python), "-c", "import fieldapp; print(fieldapp.__file__)", cwd=work, env=env)
    assert where.startswith(str(site)), where
    run(str(python), "-m", "flask", "--app", "fieldapp", "seed-demo", cwd=work, env=env)

    port = free_port()
    server = subprocess.Popen([str(python), "-m", "gunicorn", "-b", f"127.0.0.1:{port}", "-w", "1",
                               "fieldapp:create_app()"], cwd=work, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.time() + 60
        while True:
            try:
                status, _, page = get(f"{base}/login")
                break
            except OSError:
                assert server.poll() is None, server.stderr.read()
                assert time.time() < deadline, "gunicorn did not answer in 60 s"
                time.sleep(0.3)
        assert status == 200 and 'name="password"' in page
        stylesheet = re.search(r'href="([^"]+\.css)"', page)
        status, kind, css = get(base + stylesheet.group(1))
        assert status == 200 and "text/css" in kind and len(css) > 100
        status, kind, worker = get(f"{base}/sw.js")
        assert status == 200 and "javascript" in kind
        assert "self.__SHELL__" not in worker and '"version":' in worker
    finally:
        server.terminate()
        server.wait(10)
