"""The database models, one module per aggregate. Importing this registers every table."""
from .audit import Event, record_event  # noqa: F401
from .dogs import Dog, DogOwner, Sequence, Tag, next_in_sequence  # noqa: F401
from .entries import FieldEntry  # noqa: F401
from .licensing import (DogNotice, EnumerationResolution, License, Payment,  # noqa: F401
                        PurebredLicense, RabiesCertificate)
from .people import Owner, User  # noqa: F401
from .settings import Setting  # noqa: F401
from . import enforcement, public  # noqa: F401,E402
from . import tickets  # noqa: F401,E402
from . import court  # noqa: F401,E402
from .calendar import TownDay  # noqa: F401,E402
