"""POST of the view, its ID pass and the colour → material map: multipart from the standard library."""

import json
import urllib.error
import urllib.request
import uuid

# The server's route for a view sent from a modelling program, and the view's field in its form.
VIEWS_PATH = "/api/plugins/views"
VIEW_FIELD = "view"


class AtelierError(Exception):
    """A refusal or failure to show the user as it is (the server's own message when it sent one)."""


def _multipart(fields, files):
    boundary = "atelier-" + uuid.uuid4().hex
    out = bytearray()
    for name, value in fields:
        out += ('--%s\r\nContent-Disposition: form-data; name="%s"\r\n\r\n' % (boundary, name)).encode()
        out += value.encode("utf-8") + b"\r\n"
    for name, filename, content_type, data in files:
        out += (
            '--%s\r\nContent-Disposition: form-data; name="%s"; filename="%s"\r\nContent-Type: %s\r\n\r\n'
            % (boundary, name, filename, content_type)
        ).encode()
        out += data + b"\r\n"
    out += ("--%s--\r\n" % boundary).encode()
    return bytes(out), "multipart/form-data; boundary=" + boundary


def _server_message(err):
    try:
        body = json.loads(err.read().decode("utf-8"))
        if isinstance(body, dict) and body.get("message"):
            return str(body["message"])
    except Exception:
        pass
    return "HTTP %d %s" % (err.code, err.reason)


def send_view(base_url, key, view, id_pass, materials, name, prompt="", path=VIEWS_PATH, view_field=VIEW_FIELD, timeout=120, passes=None, field_of_view=None, view_set=""):
    """Sends the view (with ``passes``: (depth OpenEXR, normal PNG) bytes, and the camera's horizontal
    ``field_of_view`` in degrees; with ``view_set``, as a view of that set); returns the server's JSON
    answer with ``url`` (the deep link) filled in."""
    fields = [("source", "blender"), ("materials", json.dumps(materials)), ("name", name)]
    if prompt:
        fields.append(("prompt", prompt))
    if passes and field_of_view:
        fields.append(("fieldOfView", "%.6f" % field_of_view))
    if view_set:
        fields.append(("set", view_set))
    files = [(view_field, view[0], view[1], view[2]), ("idPass", "id-pass.png", "image/png", id_pass)]
    if passes:
        files.append(("depth", "depth.exr", "image/x-exr", passes[0]))
        files.append(("normal", "normal.png", "image/png", passes[1]))
    body, content_type = _multipart(fields, files)
    base = base_url.rstrip("/")
    request = urllib.request.Request(
        base + path,
        data=body,
        method="POST",
        headers={"Authorization": "Bearer " + key, "Content-Type": content_type, "Accept": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as res:
            answer = json.loads(res.read().decode("utf-8"))
    except urllib.error.HTTPError as err:
        raise AtelierError(_server_message(err)) from None
    except urllib.error.URLError as err:
        raise AtelierError("cannot reach %s (%s)" % (base, err.reason)) from None
    except (OSError, ValueError) as err:
        raise AtelierError("cannot reach %s (%s)" % (base, err)) from None
    image_id = answer.get("inputImageId", answer.get("id"))
    if not answer.get("url") and image_id is not None:
        answer["url"] = "%s/create?imageId=%s&source=blender&showMasks=true" % (base, image_id)
    answer.setdefault("inputImageId", image_id)
    return answer
