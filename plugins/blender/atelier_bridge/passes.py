"""Depth and normal passes of the view, from the same render (issue 31).

The view layer's Z and Normal passes are turned on for the view's render, and two compositor
File Output nodes write them as 32-bit float OpenEXR (ZIP; RGB, the only modes
its OpenEXR output has: depth in each channel) beside the view: no second render of
the beauty pass. Depth is sent as Blender wrote it (metres; no surface is 1e10); the Normal pass,
which Cycles gives in world space, is turned into camera space (x right, y up, z towards the
viewer) and sent as a 16-bit RGB PNG, (n + 1) / 2 × 65535. Everything touched is put back by the
caller's ``restored()``.
"""

import array
import glob
import os
import struct
import zlib

import bpy


def _added_nodes(r, tree, before):
    """Removes, on restore, every node the tree did not have (also the ones use_nodes made)."""

    def remove_new():
        for node in list(tree.nodes):
            if node.name not in before:
                tree.nodes.remove(node)

    r.on_restore(remove_new)


def write_passes_during_render(r, scene, folder):
    """Sets up the compositor so the next render also writes depth.exr and normal.exr into ``folder``."""
    view_layer = bpy.context.view_layer
    r.set(view_layer, "use_pass_z", True)
    r.set(view_layer, "use_pass_normal", True)
    had_tree = scene.node_tree is not None
    before = {n.name for n in scene.node_tree.nodes} if had_tree else set()
    r.set(scene, "use_nodes", True)
    tree = scene.node_tree
    _added_nodes(r, tree, before)
    r.set(scene.render, "use_compositing", True)
    nodes = tree.nodes
    if not any(n.bl_idname == "CompositorNodeComposite" for n in nodes):
        composite = nodes.new("CompositorNodeComposite")
        layers_for_image = nodes.new("CompositorNodeRLayers")
        tree.links.new(layers_for_image.outputs["Image"], composite.inputs["Image"])
    layers = nodes.new("CompositorNodeRLayers")
    layers.scene = scene
    layers.layer = view_layer.name
    for name, socket, mode in (("depth", "Depth", "RGB"), ("normal", "Normal", "RGB")):
        out = nodes.new("CompositorNodeOutputFile")
        out.base_path = folder
        out.format.file_format = "OPEN_EXR"
        out.format.color_depth = "32"
        out.format.exr_codec = "ZIP"
        out.format.color_mode = mode
        out.file_slots[0].path = name + "_"
        tree.links.new(layers.outputs[socket], out.inputs[0])


def _written(folder, name):
    found = sorted(glob.glob(os.path.join(folder, name + "_*.exr")))
    if not found:
        raise RuntimeError("the %s pass was not written" % name)
    return found[-1]


def _png16_rgb(width, height, rows):
    """A 16-bit RGB PNG; ``rows`` are top first, each a list of 16-bit values."""

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = bytearray()
    for row in rows:
        raw.append(0)
        raw += struct.pack(">%dH" % len(row), *row)
    header = struct.pack(">IIBBBBB", width, height, 16, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 6)) + chunk(b"IEND", b"")


def _float_pixels(path):
    """Blender's own reading of an OpenEXR it wrote: RGBA floats, rows from the bottom."""
    image = bpy.data.images.load(path, check_existing=False)
    try:
        image.colorspace_settings.name = "Non-Color"
        width, height = image.size
        values = array.array("f", bytes(4 * width * height * 4))
        image.pixels.foreach_get(values)
        return width, height, values
    finally:
        bpy.data.images.remove(image)


def camera_space_normals_png(scene, normal_exr):
    """The world-space Normal pass as camera-space normals in a 16-bit PNG."""
    width, height, px = _float_pixels(normal_exr)
    # World to camera: the inverse of the camera's rotation (orthonormal: its transpose).
    m = scene.camera.matrix_world.to_3x3().normalized().transposed()
    rows = []
    for y in range(height - 1, -1, -1):
        row = []
        base = y * width * 4
        for x in range(width):
            i = base + x * 4
            nx, ny, nz = px[i], px[i + 1], px[i + 2]
            if nx == 0.0 and ny == 0.0 and nz == 0.0:
                row += (32768, 32768, 32768)  # no surface: the zero vector
                continue
            for k in range(3):
                c = m[k][0] * nx + m[k][1] * ny + m[k][2] * nz
                row.append(max(0, min(65535, int(round((c + 1.0) * 0.5 * 65535)))))
        rows.append(row)
    return _png16_rgb(width, height, rows)


def horizontal_fov_deg(scene, camera=None):
    """The horizontal field of view in degrees of ``camera`` (the scene's active camera by default) as
    rendered (its sensor fit and the render's size and pixel aspect), or None for a camera that is not
    a perspective one."""
    import math

    cam = (camera or scene.camera).data
    if cam.type != "PERSP":
        return None
    r = scene.render
    width = r.resolution_x * r.pixel_aspect_x
    height = r.resolution_y * r.pixel_aspect_y
    fit = cam.sensor_fit
    if fit == "AUTO":
        # The sensor width spans the longer side.
        focal_px = cam.lens / cam.sensor_width * max(width, height)
    elif fit == "HORIZONTAL":
        focal_px = cam.lens / cam.sensor_width * width
    else:
        focal_px = cam.lens / cam.sensor_height * height
    # Pixels of the image as written: a non-square pixel aspect stretches x.
    focal_px_x = focal_px / r.pixel_aspect_x
    return math.degrees(2 * math.atan(r.resolution_x / 2 / focal_px_x))


def read_passes(scene, folder):
    """(depth OpenEXR bytes, normal PNG bytes) of the render just made."""
    with open(_written(folder, "depth"), "rb") as f:
        depth = f.read()
    return depth, camera_space_normals_png(scene, _written(folder, "normal"))
