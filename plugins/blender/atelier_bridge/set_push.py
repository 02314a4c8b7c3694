"""Push all cameras (issue 31 part 5): every camera of the scene rendered and sent as one view set,
each with its ID, depth and normal passes, exactly as a single send does. Each step is logged on
stdout (``ATELIER_SET`` lines) and the whole answer as one line, ``ATELIER_SET_RESULT {json}``."""

import json
import os
import time

import bpy

from . import passes, render, upload


def default_set_name():
    """The .blend file's name without its extension; "Untitled" for a scene never saved."""
    path = bpy.data.filepath
    return os.path.splitext(os.path.basename(path))[0] if path else "Untitled"


def log(text):
    print("ATELIER_SET " + text, flush=True)


def push_all_cameras(scene, url, key, set_name, samples, prompt="", path=upload.VIEWS_PATH, view_field=upload.VIEW_FIELD):
    """Renders and sends every camera as a view of ``set_name``; returns {"set", "views": [answers]}.
    Stops at the first camera that cannot be rendered or sent (the views sent before it stay in the set)."""
    cameras = render.scene_cameras(scene)
    if not cameras:
        raise render.RenderError("The scene has no camera: add one and push again.")
    log("push %d camera%s of %s as the set %r to %s" % (len(cameras), "" if len(cameras) == 1 else "s", scene.name, set_name, url))
    views = []
    for index, camera in enumerate(cameras, start=1):
        started = time.monotonic()
        view, pass_png, materials, depth_and_normal = render.render_camera(scene, camera, samples)
        rendered = time.monotonic() - started
        answer = upload.send_view(
            url,
            key,
            ("view.jpg", "image/jpeg", view),
            pass_png,
            materials,
            camera.name,
            prompt=prompt,
            path=path,
            view_field=view_field,
            passes=depth_and_normal,
            field_of_view=passes.horizontal_fov_deg(scene, camera),
            view_set=set_name,
        )
        regions = ", ".join("%s %.0f%%" % (r.get("name"), 100 * float(r.get("area", 0))) for r in answer.get("regions", []))
        log(
            "%d/%d %s: rendered in %.1f s (view %d KB, ID pass %d KB, depth %d KB, normal %d KB), sent as input image %s in set %r; regions: %s"
            % (
                index,
                len(cameras),
                camera.name,
                rendered,
                len(view) // 1024,
                len(pass_png) // 1024,
                len(depth_and_normal[0]) // 1024,
                len(depth_and_normal[1]) // 1024,
                answer.get("inputImageId"),
                answer.get("set"),
                regions or "none",
            )
        )
        views.append(answer)
    log("done: %d views in the set %r" % (len(views), set_name))
    result = {"set": set_name, "views": views}
    print("ATELIER_SET_RESULT " + json.dumps(result), flush=True)
    return result
