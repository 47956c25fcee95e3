"""Extensions are created once here and bound to the app in create_app()."""
from flask_compress import Compress
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import MetaData

# Named constraints keep migrations portable between SQLite and PostgreSQL.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

db = SQLAlchemy(metadata=MetaData(naming_convention=NAMING))
migrate = Migrate()
login_manager = LoginManager()
csrf = CSRFProtect()
# No default limits: only the public pages opt in (per client address).
limiter = Limiter(key_func=get_remote_address, default_limits=[])
# gzip for pages, JSON (the offline dataset) and the shell: phones on weak signal.
compress = Compress()
