"""The database models, one module per aggregate. Importing this registers every table."""
from . import (  # noqa: F401,E402
                        calls,
                        court,  # noqa: F401,E402
                        enforcement,
                        kennel_care,
                        photo_uploads,
                        public,
                        search_index,
                        tickets,  # noqa: F401,E402
)
from .audit import Change, Event, record_event  # noqa: F401
from .calendar import TownDay  # noqa: F401,E402
from .clerk_month import MAIL_MISSING, MailApplication, RenewalNotice  # noqa: F401
from .dogs import Dog, DogOwner, Sequence, Tag, next_in_sequence, take_from_sequence  # noqa: F401
from .entries import FieldEntry, LateEntry  # noqa: F401
from .licensing import (  # noqa: F401
    DogNotice,
    EnumerationExpense,
    EnumerationIdentification,
    EnumerationResolution,
    License,
    Payment,
    PurebredLicense,
    RabiesCertificate,
    Receipt,
)
from .once import FormOnce  # noqa: F401
from .people import Owner, User, UserSession, UserTown  # noqa: F401
from .settings import Setting, SettingChange  # noqa: F401
from .town import Town  # noqa: F401
