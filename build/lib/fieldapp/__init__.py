"""The dog control field app: the application factory."""
import os

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from .config import Config
from .extensions import compress, csrf, db, limiter, login_manager, migrate
from .models import search_index


def create_app(test_config=None):
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_object(Config)
    if test_config is not None:
        app.config.update(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config.get("SQLALCHEMY_DATABASE_URI"):
        path = os.path.join(app.instance_path, "fieldapp.sqlite")
        app.config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///{path}"
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        # A file database has no server to drop the connection: no "SELECT 1" before each request.
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = {**app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {}),
                                                 "pool_pre_ping": False}

    if app.config["TRUSTED_PROXIES"]:
        n = app.config["TRUSTED_PROXIES"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n)

    db.init_app(app)
    migrate.init_app(app, db, directory=os.path.join(os.path.dirname(__file__), "migrations"),
                     render_as_batch=True, include_name=search_index.include_name)
    login_manager.init_app(app)
    csrf.init_app(app)
    limiter.init_app(app)
    compress.init_app(app)

    from . import models  # noqa: F401  (registers the tables)
    from .audit.who import signed_in_actor
    from .auth import end_idle_sessions, setup_login
    from .listeners import install_listeners
    from .services import audit
    install_listeners()  # everything that runs by itself when the database is written
    audit.use_actor_lookup(signed_in_actor)
    setup_login(login_manager)
    end_idle_sessions(app)

    from .errors import register_converters
    register_converters(app)  # before the blueprints' routes are built
    from .admin import bp as admin_bp
    from .api import bp as api_bp
    from .audit import bp as audit_bp
    from .auth import bp as auth_bp
    from .calendar import bp as calendar_bp
    from .calls import bp as calls_bp
    from .charts import bp as charts_bp
    from .clerk import bp as clerk_bp
    from .county import bp as county_bp
    from .court import bp as court_bp
    from .field import bp as field_bp
    from .main import bp as main_bp
    from .public import bp as public_bp
    from .pwa import bp as pwa_bp
    from .reading import bp as law_bp
    from .seizure_reports import bp as seizure_reports_bp
    from .tags import bp as tags_bp
    for bp in (main_bp, auth_bp, admin_bp, clerk_bp, calendar_bp, tags_bp, field_bp, court_bp, public_bp, api_bp,
               pwa_bp, audit_bp, charts_bp, seizure_reports_bp, law_bp, calls_bp, county_bp):
        app.register_blueprint(bp)

    # The kennel board at /impoundments as well: the same view as field.impoundments.
    app.add_url_rule("/impoundments", endpoint="kennel_board", view_func=app.view_functions["field.impoundments"])

    from .errors import register_error_handlers
    register_error_handlers(app)
    from .web import register_request_transaction, register_security_headers, register_template_helpers
    register_template_helpers(app)
    register_security_headers(app)
    register_request_transaction(app)  # last: after-request functions run last-registered first
    from .cli import register_cli
    register_cli(app)
    return app
