"""Shared by the stand-ins: objects with attributes and ``model_dump()``, and the request log."""

import json
import os


class Item(dict):
    __getattr__ = dict.__getitem__

    def model_dump(self):
        return json.loads(json.dumps(self))


def record(kind, arguments):
    path = os.environ["STAND_IN_LOG"]
    log = json.load(open(path)) if os.path.exists(path) else []
    log.append({"kind": kind, "arguments": json.loads(json.dumps(arguments, default=lambda o: dict(o)))})
    json.dump(log, open(path, "w"))
