"""The ID pass: the active camera's view with every material a flat, unique colour.

Every setting and material touched here is put back in ``restored()``'s finally, so an error in
the middle of a render leaves the user's scene as it was.
"""

import contextlib
import itertools

import bpy

# The world seen behind the model (an exterior view's sky) gets its own colour and this name.
BACKGROUND_NAME = "Sky"


def _srgb_to_linear(c):
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def well_separated_colours(count):
    """``count`` distinct 8-bit RGB colours, each next one the farthest from those before it.

    Drawn from a grid of 3 levels per channel (27 colours, at least 96 apart on one channel),
    then a finer grid when a scene has more materials than that.
    """
    chosen = []
    for levels in ((0x20, 0x90, 0xF0), (0x00, 0x40, 0x80, 0xC0, 0xFF), tuple(range(0, 256, 17))):
        grid = [c for c in itertools.product(levels, repeat=3) if c not in chosen]
        if not chosen and grid:
            chosen.append(grid.pop(len(grid) // 2 + 1))
        while len(chosen) < count and grid:
            best = max(grid, key=lambda c: min(sum((a - b) ** 2 for a, b in zip(c, o)) for o in chosen))
            grid.remove(best)
            chosen.append(best)
        if len(chosen) >= count:
            break
    if len(chosen) < count:
        raise ValueError("Too many materials for an ID pass (%d)" % count)
    return chosen[:count]


def _blend_distance(p, a, b):
    """Distance of colour p from the segment a-b (Infinity past its ends), as the server measures
    an anti-aliasing blend of two region colours."""
    d = [b[i] - a[i] for i in range(3)]
    length2 = sum(x * x for x in d)
    if length2 == 0:
        return float("inf")
    t = sum((p[i] - a[i]) * d[i] for i in range(3)) / length2
    if t < -0.25 or t > 1.25:
        return float("inf")
    return sum((a[i] + t * d[i] - p[i]) ** 2 for i in range(3)) ** 0.5


def unlisted_colour(listed):
    """A colour for surfaces without a material: left out of the map (the server calls its region
    "Material N"), so it must not look like a blend of two listed colours, which the server drops."""
    pairs = [(a, b) for i, a in enumerate(listed) for b in listed[i + 1 :]]

    def clearance(c):
        near = min(sum((x - y) ** 2 for x, y in zip(c, o)) ** 0.5 for o in listed)
        return min([near] + [_blend_distance(c, a, b) for a, b in pairs])

    return max(itertools.product(range(8, 256, 40), repeat=3), key=clearance)


def hex_of(rgb):
    return "#%02x%02x%02x" % rgb


def _materials_in_view(scene):
    """Materials of the objects the camera can render, in a stable order (by name)."""
    found = {}
    for obj in scene.objects:
        if obj.hide_render or not hasattr(obj, "material_slots"):
            continue
        for slot in obj.material_slots:
            if slot.material is not None:
                found[slot.material.name_full] = slot.material
    return [found[k] for k in sorted(found)]


def _flat_material(name, rgb):
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    nodes = mat.node_tree.nodes
    nodes.clear()
    emission = nodes.new("ShaderNodeEmission")
    emission.inputs["Color"].default_value = tuple(_srgb_to_linear(v / 255.0) for v in rgb) + (1.0,)
    emission.inputs["Strength"].default_value = 1.0
    out = nodes.new("ShaderNodeOutputMaterial")
    mat.node_tree.links.new(emission.outputs["Emission"], out.inputs["Surface"])
    return mat


def _flat_world(rgb):
    world = bpy.data.worlds.new("Atelier ID pass background")
    world.use_nodes = True
    nodes = world.node_tree.nodes
    nodes.clear()
    bg = nodes.new("ShaderNodeBackground")
    bg.inputs["Color"].default_value = tuple(_srgb_to_linear(v / 255.0) for v in rgb) + (1.0,)
    bg.inputs["Strength"].default_value = 1.0
    out = nodes.new("ShaderNodeOutputWorld")
    world.node_tree.links.new(bg.outputs["Background"], out.inputs["Surface"])
    return world


# Object types Cycles renders as surfaces, whose data holds a material list.
_SURFACE_TYPES = {"MESH", "CURVE", "SURFACE", "META", "FONT", "CURVES", "POINTCLOUD"}


def _flatten_unassigned(r, scene, listed):
    """Surfaces without a material (no slot, or an empty one) would render grey and shaded; they
    get one flat colour of their own too."""
    empty_slots, bare_data = [], []
    for obj in scene.objects:
        if obj.hide_render or obj.type not in _SURFACE_TYPES:
            continue
        if len(obj.material_slots) == 0:
            if obj.data not in bare_data:
                bare_data.append(obj.data)
        else:
            empty_slots.extend(slot for slot in obj.material_slots if slot.material is None)
    if not empty_slots and not bare_data:
        return
    flat = _flat_material("Atelier ID no material", unlisted_colour(listed))
    r.on_restore(lambda: bpy.data.materials.remove(flat))
    for slot in empty_slots:
        slot.material = flat
        r.on_restore(lambda slot=slot: setattr(slot, "material", None))
    for data in bare_data:
        if data.library is not None:
            continue  # linked from another file: read-only here
        data.materials.append(flat)
        # clear(), not pop(): pop leaves the objects an empty slot; the list was empty before.
        r.on_restore(lambda data=data: data.materials.clear())


class Restorer:
    """Sets attributes and remembers their old values; ``restore()`` puts them back in reverse."""

    def __init__(self):
        self._undo = []

    def set(self, owner, attr, value):
        self._undo.append((owner, attr, getattr(owner, attr)))
        setattr(owner, attr, value)

    def on_restore(self, fn):
        self._undo.append((None, fn, None))

    def restore(self):
        errors = []
        while self._undo:
            owner, attr, old = self._undo.pop()
            try:
                if owner is None:
                    attr()
                else:
                    setattr(owner, attr, old)
            except Exception as err:  # keep restoring the rest
                errors.append(err)
        if errors:
            raise errors[0]


@contextlib.contextmanager
def restored():
    r = Restorer()
    try:
        yield r
    finally:
        r.restore()


def use_exact_colour_output(r, scene):
    """Colour management and output that write the ID colours' 8-bit values unchanged."""
    view = scene.view_settings
    r.set(scene.display_settings, "display_device", "sRGB")
    r.set(view, "view_transform", "Standard")
    r.set(view, "look", "None")
    r.set(view, "exposure", 0.0)
    r.set(view, "gamma", 1.0)
    r.set(view, "use_curve_mapping", False)
    r.set(scene.render, "dither_intensity", 0.0)


def use_cycles_cpu(r, scene, samples):
    render = scene.render
    r.set(render, "engine", "CYCLES")
    cycles = scene.cycles
    r.set(cycles, "device", "CPU")
    r.set(cycles, "samples", samples)
    r.set(cycles, "use_adaptive_sampling", False)
    r.set(cycles, "use_denoising", False)
    r.set(cycles, "film_exposure", 1.0)
    r.set(render, "film_transparent", False)
    r.set(render, "use_motion_blur", False)
    r.set(render, "use_compositing", False)
    r.set(render, "use_sequencer", False)
    r.set(render, "use_persistent_data", False)


def apply_id_materials(r, scene):
    """Every material seen by the camera swapped for a flat emission of its own colour, the world
    for a flat background of one more. Returns the ``#rrggbb`` → name map."""
    materials = _materials_in_view(scene)
    colours = well_separated_colours(len(materials) + 1)
    names = {}
    flat_of = {}
    for mat, rgb in zip(materials, colours):
        flat = _flat_material("Atelier ID " + mat.name, rgb)
        r.on_restore(lambda flat=flat: bpy.data.materials.remove(flat))
        flat_of[mat.name_full] = flat
        names[hex_of(rgb)] = mat.name
    # Remember every slot first: objects may share mesh data, so one swap shows in several objects.
    slots = []
    for obj in scene.objects:
        if obj.hide_render or not hasattr(obj, "material_slots"):
            continue
        for slot in obj.material_slots:
            if slot.material is not None and slot.material.name_full in flat_of:
                slots.append((slot, slot.material))
    for slot, original in slots:
        slot.material = flat_of[original.name_full]
        r.on_restore(lambda slot=slot, original=original: setattr(slot, "material", original))
    _flatten_unassigned(r, scene, colours)

    world_rgb = colours[-1]
    world = _flat_world(world_rgb)
    r.on_restore(lambda: bpy.data.worlds.remove(world))
    r.set(scene, "world", world)
    names[hex_of(world_rgb)] = BACKGROUND_NAME

    cycles = scene.cycles
    # One sample through the pixel's centre: every pixel is exactly one material's colour.
    r.set(cycles, "samples", 1)
    r.set(cycles, "filter_width", 0.01)
    r.set(cycles, "max_bounces", 0)
    r.set(cycles, "sample_clamp_direct", 0.0)
    r.set(cycles, "sample_clamp_indirect", 0.0)
    r.set(cycles, "seed", 0)
    r.set(cycles, "use_animated_seed", False)
    camera_data = scene.camera.data
    if hasattr(camera_data, "dof"):
        r.set(camera_data.dof, "use_dof", False)
    return names
