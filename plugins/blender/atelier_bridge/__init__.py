"""Atelier bridge: sends the active camera's view, with an exact material ID pass and its depth and
normal passes, to Atelier; "Push all cameras" sends every camera of the scene as one view set.

Run from a script or `blender -b`: bpy.ops.atelier.send_view(open_browser=False); the answer is
printed to stdout as one line, ``ATELIER_RESULT {json}``. bpy.ops.atelier.push_all_cameras(
open_browser=False, set_name="…") logs each camera (``ATELIER_SET`` lines) and prints
``ATELIER_SET_RESULT {json}``.
"""

bl_info = {
    "name": "Atelier bridge",
    "author": "Atelier",
    "version": (1, 0, 0),
    "blender": (3, 0, 0),
    "location": "3D Viewport > Sidebar > Atelier",
    "description": "Send the active camera's view and its materials to Atelier for rendering",
    "category": "Render",
}

import json
import webbrowser

import bpy

from . import passes, render, set_push, upload


DEFAULT_SAMPLES = 16


class _NoPreferences:
    """Stands in for the preferences when the module was registered by a script, not enabled."""

    url = ""
    key = ""
    samples = DEFAULT_SAMPLES


def _prefs(context):
    addon = context.preferences.addons.get(__name__)
    return addon.preferences if addon else _NoPreferences


class ATELIER_AP_preferences(bpy.types.AddonPreferences):
    bl_idname = __name__

    url: bpy.props.StringProperty(name="Atelier URL", default="http://localhost:3000", description="Address of your Atelier")
    key: bpy.props.StringProperty(
        name="API key", subtype="PASSWORD", description="An API key from Atelier (Account > Plugins), starts with atl_"
    )
    samples: bpy.props.IntProperty(
        name="Render samples", default=DEFAULT_SAMPLES, min=1, max=4096, description="Cycles samples of the view sent (the ID pass always uses 1)"
    )

    def draw(self, context):
        col = self.layout.column()
        col.prop(self, "url")
        col.prop(self, "key")
        col.prop(self, "samples")


class ATELIER_OT_send_view(bpy.types.Operator):
    """Render the active camera and its material ID pass, and send both to Atelier"""

    bl_idname = "atelier.send_view"
    bl_label = "Send view to Atelier"

    open_browser: bpy.props.BoolProperty(name="Open in browser", default=True, options={"SKIP_SAVE"})
    # For scripts and tests; empty means the add-on's preferences / the server's route.
    url: bpy.props.StringProperty(options={"HIDDEN", "SKIP_SAVE"})
    key: bpy.props.StringProperty(options={"HIDDEN", "SKIP_SAVE"})
    path: bpy.props.StringProperty(default=upload.VIEWS_PATH, options={"HIDDEN", "SKIP_SAVE"})
    view_field: bpy.props.StringProperty(default=upload.VIEW_FIELD, options={"HIDDEN", "SKIP_SAVE"})

    def execute(self, context):
        prefs = _prefs(context)
        url = (self.url or prefs.url).strip()
        key = (self.key or prefs.key).strip()
        if not url:
            self.report({"ERROR"}, "Set the Atelier URL in the add-on's preferences")
            return {"CANCELLED"}
        if not key:
            self.report({"ERROR"}, "Set your Atelier API key in the add-on's preferences")
            return {"CANCELLED"}
        scene = context.scene
        try:
            view, pass_png, materials, depth_and_normal = render.render_view_and_id_pass(scene, prefs.samples)
            answer = upload.send_view(
                url,
                key,
                ("view.jpg", "image/jpeg", view),
                pass_png,
                materials,
                scene.camera.name,
                prompt=scene.atelier_prompt,
                path=self.path,
                view_field=self.view_field,
                passes=depth_and_normal,
                field_of_view=passes.horizontal_fov_deg(scene),
            )
        except (render.RenderError, upload.AtelierError) as err:
            self.report({"ERROR"}, "Atelier: %s" % err)
            return {"CANCELLED"}
        except Exception as err:  # a failed render: the scene is restored, say what broke
            self.report({"ERROR"}, "Atelier: the view could not be rendered (%s)" % err)
            return {"CANCELLED"}
        print("ATELIER_RESULT " + json.dumps(answer), flush=True)
        self.report({"INFO"}, "Sent to Atelier: %s" % answer.get("url"))
        if self.open_browser and answer.get("url"):
            webbrowser.open(answer["url"])
        return {"FINISHED"}


class ATELIER_OT_push_all_cameras(bpy.types.Operator):
    """Render every camera of the scene and send them to Atelier as one view set, each with its passes"""

    bl_idname = "atelier.push_all_cameras"
    bl_label = "Push all cameras"

    open_browser: bpy.props.BoolProperty(name="Open in browser", default=True, options={"SKIP_SAVE"})
    # For scripts and tests; empty means the scene's set field, else the .blend name.
    set_name: bpy.props.StringProperty(options={"HIDDEN", "SKIP_SAVE"})
    url: bpy.props.StringProperty(options={"HIDDEN", "SKIP_SAVE"})
    key: bpy.props.StringProperty(options={"HIDDEN", "SKIP_SAVE"})
    path: bpy.props.StringProperty(default=upload.VIEWS_PATH, options={"HIDDEN", "SKIP_SAVE"})
    view_field: bpy.props.StringProperty(default=upload.VIEW_FIELD, options={"HIDDEN", "SKIP_SAVE"})

    def execute(self, context):
        prefs = _prefs(context)
        url = (self.url or prefs.url).strip()
        key = (self.key or prefs.key).strip()
        if not url:
            self.report({"ERROR"}, "Set the Atelier URL in the add-on's preferences")
            return {"CANCELLED"}
        if not key:
            self.report({"ERROR"}, "Set your Atelier API key in the add-on's preferences")
            return {"CANCELLED"}
        scene = context.scene
        set_name = (self.set_name or scene.atelier_set or set_push.default_set_name()).strip()[:120]
        try:
            result = set_push.push_all_cameras(
                scene, url, key, set_name, prefs.samples, prompt=scene.atelier_prompt, path=self.path, view_field=self.view_field
            )
        except (render.RenderError, upload.AtelierError) as err:
            self.report({"ERROR"}, "Atelier: %s" % err)
            return {"CANCELLED"}
        except Exception as err:  # a failed render: the scene is restored, say what broke
            self.report({"ERROR"}, "Atelier: a camera could not be rendered (%s)" % err)
            return {"CANCELLED"}
        self.report({"INFO"}, "Sent %d cameras to Atelier as %r" % (len(result["views"]), set_name))
        first = result["views"][0].get("url") if result["views"] else None
        if self.open_browser and first:
            webbrowser.open(first)
        return {"FINISHED"}


class ATELIER_PT_panel(bpy.types.Panel):
    bl_label = "Atelier"
    bl_space_type = "VIEW_3D"
    bl_region_type = "UI"
    bl_category = "Atelier"

    def draw(self, context):
        layout = self.layout
        prefs = _prefs(context)
        scene = context.scene
        col = layout.column()
        if not prefs.key:
            col.label(text="No API key yet", icon="ERROR")
            col.operator("preferences.addon_show", text="Set API key", icon="PREFERENCES").module = __name__
            col.separator()
        col.label(text="Camera: %s" % (scene.camera.name if scene.camera else "none, set one"), icon="CAMERA_DATA")
        col.label(text="Prompt (optional):")
        col.prop(scene, "atelier_prompt", text="")
        col.separator()
        row = col.row()
        row.enabled = scene.camera is not None and bool(prefs.key)
        row.scale_y = 1.4
        row.operator(ATELIER_OT_send_view.bl_idname, icon="EXPORT")
        col.separator()
        cameras = len(render.scene_cameras(scene))
        col.label(text="View set (empty: %s):" % set_push.default_set_name())
        col.prop(scene, "atelier_set", text="")
        row = col.row()
        row.enabled = cameras > 0 and bool(prefs.key)
        row.operator(ATELIER_OT_push_all_cameras.bl_idname, text="Push all cameras (%d)" % cameras, icon="OUTLINER_OB_CAMERA")
        if prefs.url:
            col.label(text="To %s" % prefs.url.split("://")[-1].rstrip("/"))


_classes = (ATELIER_AP_preferences, ATELIER_OT_send_view, ATELIER_OT_push_all_cameras, ATELIER_PT_panel)


def register():
    for cls in _classes:
        bpy.utils.register_class(cls)
    bpy.types.Scene.atelier_prompt = bpy.props.StringProperty(
        name="Prompt", description="Optional: what to render (sent with the view)"
    )
    bpy.types.Scene.atelier_set = bpy.props.StringProperty(
        name="View set", description="The set Push all cameras sends the cameras as (empty: the .blend file's name)"
    )


def unregister():
    del bpy.types.Scene.atelier_set
    del bpy.types.Scene.atelier_prompt
    for cls in reversed(_classes):
        bpy.utils.unregister_class(cls)
