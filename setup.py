"""Only what pyproject.toml cannot say: the wheel carries the top-level service_worker/sw.js
inside the package, as fieldapp/service_worker/sw.js (fieldapp/pwa/views.py looks in both places).
The migrations are plain folders (Alembic's, no __init__.py), named so setuptools ships their
modules as code rather than warn about data that looks like a package."""
from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["fieldapp*"]), "fieldapp.migrations", "fieldapp.migrations.versions",
                "fieldapp.service_worker"],
      package_dir={"fieldapp.service_worker": "service_worker"})
