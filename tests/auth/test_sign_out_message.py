"""Signed out, the sign-in page says so, even when the phone's service worker fetched a page in
between (a flash would have gone to that page)."""


def test_the_sign_in_page_says_signed_out_whatever_was_fetched_in_between(client, auth):
    auth.login("dco")
    out = client.post("/logout")
    assert out.status_code == 302 and out.headers["Location"].endswith("/login?signed_out=1")
    assert client.get("/field/scan").status_code == 302  # the worker caching a page, signed out now
    assert client.get("/login").status_code == 200
    assert "You are signed out." in client.get("/login?signed_out=1").get_data(as_text=True)
    assert "You are signed out." not in client.get("/login").get_data(as_text=True)
