"""Where a field entry's record is read: the page the phone links to once the office has it.

Services answer with the record's name (its id or number); the address is made here, with
`url_for`, so it carries the app's URL prefix. The sync API adds it to each answer
(`with_record_url`), the entry pages use it for the address bar."""
from flask import url_for

# kind -> (the result's key, the page's endpoint, the endpoint's argument)
RECORD_PAGES = {
    "violation": ("violation_id", "field.violation_detail", "violation_id"),
    "seizure": ("impoundment_id", "field.impoundment_detail", "impoundment_id"),
    "ticket": ("ticket_number", "field.ticket_detail", "number"),
    "complaint": ("complaint_id", "field.complaint_detail", "complaint_id"),
    "rabies_request": ("dog_id", "field.dog_card", "dog_id"),
    "call": ("call_id", "calls.call_page", "call_id"),
    "call_take": ("call_id", "calls.call_page", "call_id"),
    "call_update": ("call_id", "calls.call_page", "call_id"),
    "call_close": ("call_id", "calls.call_page", "call_id"),
}


def record_url(kind: str, result: dict | None) -> str | None:
    """The page of the record an entry of `kind` made, or None (a kind with no page of its own,
    a rabies request for a dog not on file)."""
    page = RECORD_PAGES.get(kind)
    if page is None or not result or result.get(page[0]) is None:
        return None
    key, endpoint, argument = page
    return url_for(endpoint, **{argument: result[key]})


def with_record_url(kind: str, answer: dict) -> dict:
    """An entry's answer with the address of its record (replaces one stored by older versions,
    made without the URL prefix)."""
    result = answer.get("result")
    if isinstance(result, dict):
        url = record_url(kind, result)
        answer = {**answer, "result": {**{k: v for k, v in result.items() if k != "url"},
                                       **({"url": url} if url else {})}}
    return answer
