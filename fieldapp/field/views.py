"""The officer at the roadside (§5, §6, §8, §9, §10): scan, status card, violations,
seizures, appearance tickets, sworn complaints. Every entry goes through submit_entry."""
from flask import Blueprint, abort, make_response

from ..auth import STAFF, role_required
from ..extensions import db
from ..models import Dog
from .card import load_card_dog, render_status_card

bp = Blueprint("field", __name__, url_prefix="/field")


@bp.get("/dogs/<int:dog_id>")
@role_required(*STAFF)
def dog_card(dog_id):
    dog = load_card_dog(dog_id)
    if dog is None:
        abort(404)
    return render_status_card(dog)


@bp.get("/dogs/<int:dog_id>/photo")
@role_required(*STAFF)
def dog_photo(dog_id):
    dog = db.session.get(Dog, dog_id)
    if dog is None or dog.photo is None:
        abort(404)
    response = make_response(dog.photo)
    response.headers["Content-Type"] = "image/jpeg"
    response.headers["Cache-Control"] = "private, max-age=3600"
    return response
