"""A fast in-process client for thousands of generated requests: one WSGI call, a fixed cookie.

Werkzeug's test client builds an environ, a cookie jar and a response wrapper for each request;
for property tests that is most of the time. This calls the app directly."""
import io
import json
import sys


class FastClient:
    def __init__(self, app, signed_in_client):
        self.app = app
        self.cookie = "; ".join(f"{c.key}={c.value}" for c in signed_in_client._cookies.values())

    def request(self, method, path, data=b"", content_type="application/json", query=""):
        env = {"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query,
               "SERVER_NAME": "localhost", "SERVER_PORT": "80", "HTTP_HOST": "localhost",
               "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(data), "wsgi.errors": sys.stderr,
               "CONTENT_LENGTH": str(len(data)), "CONTENT_TYPE": content_type,
               "HTTP_COOKIE": self.cookie, "REMOTE_ADDR": "127.0.0.1",
               "wsgi.version": (1, 0), "wsgi.multithread": False, "wsgi.multiprocess": False,
               "wsgi.run_once": False}
        status = []
        chunks = self.app.wsgi_app(env, lambda s, headers, exc_info=None: status.append(s))
        try:
            body = b"".join(chunks)
        finally:
            getattr(chunks, "close", lambda: None)()
        return int(status[0][:3]), body

    def post_json(self, path, document):
        return self.request("POST", path, json.dumps(document).encode())
