# Runs inside Blender (bpy): builds one club table from a scene JSON written by heldout.py,
# renders it pinhole with Cycles on the CPU and writes the truth of every model (base centre
# of standing ones, footprint middle of fallen ones) in table millimetres.
# blender -b --factory-startup -P blender_scene.py -- scene.json out.png truth.json
import json
import math
import sys

import bpy
from mathutils import Matrix, Vector

args = sys.argv[sys.argv.index('--') + 1:]
scene_path, out_png, truth_path = args[0], args[1], args[2]
with open(scene_path) as f:
    S = json.load(f)

MM = 0.001
bpy.ops.wm.read_factory_settings(use_empty=True)
sc = bpy.context.scene
sc.unit_settings.scale_length = 1.0

_materials = {}


def material(rgb, rough=0.6, metal=0.0, key=None):
    k = key or (tuple(round(c, 3) for c in rgb), rough, metal)
    if k in _materials:
        return _materials[k]
    m = bpy.data.materials.new('m%d' % len(_materials))
    m.use_nodes = True
    b = m.node_tree.nodes['Principled BSDF']
    b.inputs['Base Color'].default_value = (rgb[0], rgb[1], rgb[2], 1)
    b.inputs['Roughness'].default_value = rough
    b.inputs['Metallic'].default_value = metal
    _materials[k] = m
    return m


def image_material(path, closest):
    m = bpy.data.materials.new('img%d' % len(_materials))
    _materials[('img', path)] = m
    m.use_nodes = True
    nt = m.node_tree
    b = nt.nodes['Principled BSDF']
    b.inputs['Roughness'].default_value = 0.8
    b.inputs['Specular'].default_value = 0.2
    tex = nt.nodes.new('ShaderNodeTexImage')
    tex.image = bpy.data.images.load(path)
    tex.interpolation = 'Closest' if closest else 'Linear'
    nt.links.new(tex.outputs['Color'], b.inputs['Base Color'])
    return m


def quad(name, corners_mm, z_mm, mat):
    """A textured quad: corners TL, TR, BR, BL in table mm, UV (0,1) (1,1) (1,0) (0,0)."""
    me = bpy.data.meshes.new(name)
    verts = [(c[0] * MM, c[1] * MM, z_mm * MM) for c in corners_mm]
    me.from_pydata(verts, [], [(3, 2, 1, 0)])
    uv = me.uv_layers.new()
    uvs = {0: (0, 1), 1: (1, 1), 2: (1, 0), 3: (0, 0)}
    for loop in me.loops:
        uv.data[loop.index].uv = uvs[loop.vertex_index]
    me.materials.append(mat)
    ob = bpy.data.objects.new(name, me)
    sc.collection.objects.link(ob)
    return ob


def prim(kind, parent, loc, scale, mat, rot=(0, 0, 0), verts=24):
    """A primitive in the parent's local frame (mm)."""
    if kind == 'cyl':
        bpy.ops.mesh.primitive_cylinder_add(vertices=verts, radius=1, depth=1)
    elif kind == 'sph':
        bpy.ops.mesh.primitive_uv_sphere_add(segments=verts, ring_count=max(8, verts // 2), radius=1)
    elif kind == 'cube':
        bpy.ops.mesh.primitive_cube_add(size=2)
    elif kind == 'cone':
        bpy.ops.mesh.primitive_cone_add(vertices=verts, radius1=1, radius2=0, depth=1)
    ob = bpy.context.active_object
    ob.location = Vector(loc) * MM
    ob.rotation_euler = rot
    ob.scale = Vector(scale) * MM
    ob.data.materials.append(mat)
    ob.parent = parent
    return ob


def limb(parent, a, b, r, mat):
    """A cylinder from point a to point b (mm, parent frame)."""
    a, b = Vector(a), Vector(b)
    d = b - a
    L = d.length
    ob = prim('cyl', parent, (a + b) / 2, (r, r, L), mat, verts=12)
    ob.rotation_mode = 'QUATERNION'
    ob.rotation_quaternion = Vector((0, 0, 1)).rotation_difference(d.normalized())
    return ob


def build_model(m):
    root = bpy.data.objects.new('model', None)
    sc.collection.objects.link(root)
    body = material(m['color'], m.get('rough', 0.55), m.get('metal', 0.0))
    accent = material(m['accent'], 0.5)
    base_mat = material(m['base_color'], 0.5)
    r = m['base_mm'] / 2
    t = m['base_t_mm'] if r > 0 else 0.0
    if r > 0:
        prim('cyl', root, (0, 0, t / 2), (r, r, t), base_mat, verts=40)
    H = m['height_mm']
    k = m['kind']
    p = m['pose']
    if k == 'humanoid':
        s = H / 32.0  # 32 mm heroic scale at s = 1
        hip = t + 14 * s
        spread = 3.2 * s + p['stride'] * s
        limb(root, (-1.8 * s, -spread / 2, t), (-1.2 * s, 0, hip), 1.9 * s, accent)
        limb(root, (1.8 * s, spread / 2, t), (1.2 * s, 0, hip), 1.9 * s, accent)
        prim('cube', root, (0, 0, hip + 4.5 * s), (3.6 * s * p['bulk'], 2.4 * s * p['bulk'], 5.2 * s), body)
        sh = hip + 9 * s
        ang = p['arm']
        limb(root, (-4 * s, 0, sh), (-4 * s - 7 * s * math.sin(ang), 5 * s * math.cos(ang), sh - 7 * s * math.cos(ang)), 1.4 * s, body)
        limb(root, (4 * s, 0, sh), (4 * s + 3 * s, -2 * s, sh - 8 * s), 1.4 * s, body)
        prim('sph', root, (0, 0, sh + 3.2 * s), (2.6 * s, 2.6 * s, 3.0 * s), accent if p['helmet'] else body, verts=16)
        if p['weapon']:
            limb(root, (-6 * s, 6 * s, sh - 9 * s), (-6 * s, 8 * s, sh + 8 * s), 0.7 * s, material((0.25, 0.25, 0.27), 0.3, 0.8))
        if p['cloak']:
            prim('cone', root, (0, 1.5 * s, hip + 1 * s), (4.5 * s, 3.5 * s, 17 * s), body)
    elif k == 'monster':
        s = H / 40.0
        prim('sph', root, (0, 0, t + 16 * s), (11 * s, 7 * s, 8 * s), body, verts=20)
        for dx in (-7, 7):
            for dy in (-4, 4):
                limb(root, (dx * s, dy * s, t + 14 * s), (dx * 1.3 * s, dy * 1.5 * s, t), 2.4 * s, body)
        prim('sph', root, (12 * s, 0, t + 24 * s), (5 * s, 4.5 * s, 4.5 * s), accent, verts=16)
        limb(root, (-10 * s, 0, t + 17 * s), (-20 * s, 3 * s, t + 8 * s), 2.0 * s, body)
        if p['wings']:
            prim('cube', root, (0, 0, t + 27 * s), (3 * s, 16 * s, 0.8 * s), accent, rot=(0.3, 0, 0))
    elif k == 'vehicle':
        L, W = m['length_mm'], m['width_mm']
        hull = H * 0.55
        prim('cube', root, (0, 0, t + hull / 2 + 2), (L / 2, W / 2, hull / 2), body)
        for side in (-1, 1):
            prim('cube', root, (0, side * (W / 2 - 2), t + 4), (L / 2 * 0.95, 3, 4), accent)
        prim('cyl', root, (-L * 0.05, 0, t + hull + 2 + H * 0.15), (W * 0.3, W * 0.3, H * 0.3), body, verts=20)
        limb(root, (0, 0, t + hull + 2 + H * 0.2), (L * 0.62, 0, t + hull + 2 + H * 0.22), 1.6, accent)
    elif k == 'token':
        pass
    tag = m.get('tag')
    if tag:
        z = tag['height_mm']
        if tag['kind'] == 'card' and k != 'token':
            limb(root, (0, 0, H - 2), (0, 0, z - 0.6), 1.2, material((0.3, 0.3, 0.3)))
            prim('cube', root, (0, 0, z - 0.4), (tag['card_mm'] / 2, tag['card_mm'] / 2, 0.4), material((0.92, 0.92, 0.9), 0.7))
    # Pose on the table.
    yaw = math.radians(m['yaw_deg'])
    if not m['fallen']:
        lean = math.radians(m.get('lean_deg', 0.0))
        root.matrix_world = Matrix.Translation((m['x_mm'] * MM, m['y_mm'] * MM, 0)) @ Matrix.Rotation(yaw, 4, 'Z') @ Matrix.Rotation(lean, 4, 'X')
    else:
        # The base on its rim, the body along (cos yaw, sin yaw), tipped until it rests.
        tip = math.radians(90 + m.get('tip_deg', 0))
        rot = Matrix.Rotation(yaw, 4, 'Z') @ Matrix.Rotation(tip, 4, 'Y') @ Matrix.Rotation(math.radians(m.get('roll_deg', 0)), 4, 'Z')
        root.matrix_world = Matrix.Translation((m['x_mm'] * MM, m['y_mm'] * MM, 0)) @ rot
    bpy.context.view_layer.update()
    pts = []
    for ob in root.children:
        mw = ob.matrix_world
        pts.extend([mw @ v.co for v in ob.data.vertices])
    if m['fallen']:
        zmin = min(p.z for p in pts)
        root.matrix_world = Matrix.Translation((0, 0, -zmin)) @ root.matrix_world
        bpy.context.view_layer.update()
        pts = [Vector((p.x, p.y, p.z - zmin)) for p in pts]
    return root, pts


def footprint_middle(pts, yaw_deg):
    a = math.radians(yaw_deg)
    u = (math.cos(a), math.sin(a))
    v = (-u[1], u[0])
    su = [(p.x * u[0] + p.y * u[1]) / MM for p in pts]
    sv = [(p.x * v[0] + p.y * v[1]) / MM for p in pts]
    cu = (min(su) + max(su)) / 2
    cv = (min(sv) + max(sv)) / 2
    return (cu * u[0] + cv * v[0], cu * u[1] + cv * v[1])


# The table: mat texture plane, floor, anchors.
T = S['table']
mat_tex = image_material(S['mat_png'], closest=False)
quad('mat', [(0, T['depth_mm']), (T['width_mm'], T['depth_mm']), (T['width_mm'], 0), (0, 0)], 0, mat_tex)
quad('floor', [(-3000, 4000), (5000, 4000), (5000, -3000), (-3000, -3000)], -30, material(S['floor_color'], 0.7))
for a in S['anchors']:
    quad('anchor%d' % a['id'], a['quad_mm'], 0.05, image_material(a['png'], closest=True))
for t in S['terrain']:
    root = bpy.data.objects.new('terrain', None)
    sc.collection.objects.link(root)
    tm = material(t['color'], 0.8)
    if t['kind'] == 'building':
        prim('cube', root, (0, 0, t['h'] / 2), (t['w'] / 2, t['d'] / 2, t['h'] / 2), tm)
    elif t['kind'] == 'hill':
        prim('sph', root, (0, 0, 0), (t['w'] / 2, t['d'] / 2, t['h']), tm, verts=32)
    elif t['kind'] == 'tree':
        prim('cyl', root, (0, 0, t['h'] * 0.3), (6, 6, t['h'] * 0.6), material((0.25, 0.16, 0.08)))
        prim('sph', root, (0, 0, t['h'] * 0.7), (t['w'] / 2, t['w'] / 2, t['h'] * 0.35), tm, verts=16)
    elif t['kind'] == 'rock':
        prim('sph', root, (0, 0, t['h'] * 0.3), (t['w'] / 2, t['d'] / 2, t['h']), tm, verts=7)
    root.matrix_world = Matrix.Translation((t['x'] * MM, t['y'] * MM, 0)) @ Matrix.Rotation(math.radians(t['yaw']), 4, 'Z')

truth = []
for m in S['models']:
    _, pts = build_model(m)
    tag = m.get('tag')
    if tag:
        # The marker face: on the card top, or on a token's top.
        c = tag['corners_mm']
        quad('tag%d' % tag['id'], c, tag['height_mm'] + 0.05, image_material(tag['png'], closest=True))
    if m['fallen']:
        x, y = footprint_middle(pts, m['yaw_deg'])
    else:
        x, y = m['x_mm'], m['y_mm']
    truth.append({'x_mm': round(x, 2), 'y_mm': round(y, 2), 'fallen': m['fallen'], 'kind': m['kind'], 'base_mm': m['base_mm'], 'height_mm': m['height_mm'],
                  'tag': tag['id'] if tag else None, 'traits': m.get('traits', [])})

# Lights.
for i, L in enumerate(S['lights']):
    if L['kind'] == 'sun':
        ld = bpy.data.lights.new('sun%d' % i, 'SUN')
        ld.energy = L['strength']
        ld.angle = math.radians(L.get('angle_deg', 2))
    elif L['kind'] == 'area':
        ld = bpy.data.lights.new('area%d' % i, 'AREA')
        ld.energy = L['strength']
        ld.shape = 'RECTANGLE'
        ld.size = L['size_mm'][0] * MM
        ld.size_y = L['size_mm'][1] * MM
    else:
        ld = bpy.data.lights.new('spot%d' % i, 'POINT')
        ld.energy = L['strength']
        ld.shadow_soft_size = L.get('radius_mm', 20) * MM
    ld.color = L['color']
    ob = bpy.data.objects.new(ld.name, ld)
    sc.collection.objects.link(ob)
    ob.location = Vector(L['position_mm']) * MM
    d = Vector(L['target_mm']) * MM - ob.location
    ob.rotation_euler = d.to_track_quat('-Z', 'Y').to_euler()

world = bpy.data.worlds.new('w')
world.use_nodes = True
world.node_tree.nodes['Background'].inputs['Color'].default_value = (*S['ambient_color'], 1)
world.node_tree.nodes['Background'].inputs['Strength'].default_value = S['ambient']
sc.world = world

# Camera: OpenCV rows of R are the camera axes (x right, y down, z forward) in table axes.
C = S['camera']
R = C['R']
x_c, y_c, z_c = Vector(R[0]), Vector(R[1]), Vector(R[2])
cam_d = bpy.data.cameras.new('cam')
cam_d.sensor_fit = 'HORIZONTAL'
cam_d.sensor_width = 36
cam_d.lens = C['focal_px'] * 36 / C['render_w']
cam_d.clip_start = 0.05
cam_d.clip_end = 20
cam = bpy.data.objects.new('cam', cam_d)
sc.collection.objects.link(cam)
M = Matrix((x_c, -y_c, -z_c)).transposed().to_4x4()
M.translation = Vector(C['position_mm']) * MM
cam.matrix_world = M
sc.camera = cam

r = sc.render
# Cycles (path traced; the held-out family and, for other seeds, training tables) or EEVEE (a
# rasteriser: shadow maps, no bounced light; measured only, never trained on). EEVEE needs an
# OpenGL context: heldout.py runs it under xvfb-run.
ENGINE = S.get('engine', 'cycles')
r.engine = 'BLENDER_EEVEE' if ENGINE == 'eevee' else 'CYCLES'
if ENGINE == 'eevee':
    ee = sc.eevee
    ee.taa_render_samples = S['samples']
    ee.use_soft_shadows = True
    ee.shadow_cube_size = '2048'
    ee.shadow_cascade_size = '4096'
    ee.use_gtao = True
    ee.gtao_distance = 0.05
r.resolution_x = C['render_w']
r.resolution_y = C['render_h']
r.resolution_percentage = 100
r.threads_mode = 'FIXED'
r.threads = int(S.get('threads', 2))
r.image_settings.file_format = 'PNG'
r.film_transparent = False
sc.cycles.device = 'CPU'
sc.cycles.samples = S['samples']
sc.cycles.use_denoising = False
sc.cycles.max_bounces = 3
sc.cycles.diffuse_bounces = 2
sc.cycles.glossy_bounces = 1
sc.cycles.transmission_bounces = 0
sc.cycles.seed = S['seed']
sc.view_settings.view_transform = 'Standard'
sc.view_settings.exposure = S['exposure']
r.filepath = out_png
bpy.ops.render.render(write_still=True)
with open(truth_path, 'w') as f:
    json.dump(truth, f, indent=1)
