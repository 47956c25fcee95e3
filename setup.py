"""Only what pyproject.toml cannot say: the wheel carries the top-level service_worker/sw.js
inside the package, as fieldapp/service_worker/sw.js (fieldapp/pwa/views.py looks in both places)."""
from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["fieldapp*"]), "fieldapp.service_worker"],
      package_dir={"fieldapp.service_worker": "service_worker"})
