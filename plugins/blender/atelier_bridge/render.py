"""The two renders of the active camera: the view (Cycles on CPU, a few samples, with its depth and
normal passes) and its ID pass."""

import os
import tempfile

import bpy

from . import id_pass, passes


class RenderError(Exception):
    """A view that cannot be rendered, said so the user can fix it."""


def _use_image_format(r, settings, file_format, **attrs):
    """Output format for save_render; restored format first, since a mode the old format had
    (RGBA, 16 bit) cannot be set while the new one (JPEG) is still selected."""
    old = {"file_format": settings.file_format}
    old.update({k: getattr(settings, k) for k in attrs})

    def put_back():
        for k, v in old.items():
            setattr(settings, k, v)

    r.on_restore(put_back)
    settings.file_format = file_format
    for k, v in attrs.items():
        setattr(settings, k, v)


def _render_to(scene, path):
    bpy.ops.render.render(write_still=False)
    bpy.data.images["Render Result"].save_render(filepath=path, scene=scene)
    with open(path, "rb") as f:
        return f.read()


def scene_cameras(scene):
    """The scene's cameras in name order (the order a set is pushed and shown in)."""
    return sorted((o for o in scene.objects if o.type == "CAMERA"), key=lambda o: o.name)


def render_camera(scene, camera, samples):
    """``render_view_and_id_pass`` seen through ``camera``; the scene's active camera is put back after."""
    with id_pass.restored() as r:
        r.set(scene, "camera", camera)
        return render_view_and_id_pass(scene, samples)


def render_view_and_id_pass(scene, samples):
    """Returns (view JPEG bytes, ID pass PNG bytes, {"#rrggbb": material name}, (depth OpenEXR
    bytes, normal PNG bytes)); the scene is exactly as it was afterwards, also when a render fails."""
    if scene.camera is None:
        raise RenderError("The scene has no active camera: set one (Scene properties > Camera) and send again.")
    if not hasattr(scene, "cycles"):
        raise RenderError("The view is rendered with Cycles: enable the Cycles add-on (Preferences > Add-ons) and send again.")
    with tempfile.TemporaryDirectory(prefix="atelier-") as folder:
        with id_pass.restored() as r:
            id_pass.use_cycles_cpu(r, scene, samples)
            settings = scene.render.image_settings
            with id_pass.restored() as view_r:
                _use_image_format(view_r, settings, "JPEG", color_mode="RGB", quality=92)
                passes.write_passes_during_render(view_r, scene, folder)
                view = _render_to(scene, os.path.join(folder, "view.jpg"))
                depth_and_normal = passes.read_passes(scene, folder)
            with id_pass.restored() as pass_r:
                materials = id_pass.apply_id_materials(pass_r, scene)
                id_pass.use_exact_colour_output(pass_r, scene)
                _use_image_format(pass_r, settings, "PNG", color_mode="RGB", color_depth="8", compression=15)
                pass_png = _render_to(scene, os.path.join(folder, "id-pass.png"))
    return view, pass_png, materials, depth_and_normal

