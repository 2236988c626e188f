"""schemathesis hook for scripts/schemathesis.sh: a session for every request of the passes whose
operations end sessions (sign-out, signing out the others or one device, a two-factor reset, an admin's
password reset), so that each of them is tested signed in, negative data included, rather than answering
401 once an earlier request has ended the run's session.

The token is cached, and a request answered 401 signs in again (ST_BASE, ST_EMAIL, ST_PASSWORD) and is
sent again with the new token: schemathesis' `retry_on` default.

With ST_RESET_SECURITY_SETTINGS (a database URL), a security-settings write that required two-factor
sign-in of admins and chairs is undone after it, so the run's admin (who has not enrolled) stays allowed
and the next request is tested too.
"""

import json
import os
import subprocess
import time
import urllib.request

import schemathesis


@schemathesis.auth()
class FreshSession:
    def get(self, case, context):
        request = urllib.request.Request(
            os.environ["ST_BASE"] + "/api/auth/login",
            data=json.dumps({"email": os.environ["ST_EMAIL"], "password": os.environ["ST_PASSWORD"]}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)["token"]

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


@schemathesis.hook
def after_call(context, case, response):
    database = os.environ.get("ST_RESET_SECURITY_SETTINGS")
    if database and case.method.upper() == "PUT" and response.status_code == 200:
        subprocess.run(
            ["psql", database, "-qAtc", "UPDATE security_settings SET require_mfa_for_officers = false"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        # The server hears of it through its change feed (milliseconds) before the next request.
        time.sleep(0.2)
