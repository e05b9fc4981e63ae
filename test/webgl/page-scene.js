/* global document */
/**
 * Runs in Chromium (test/webgl/render.ts serves it with three.js): builds one frame of a
 * test/webgl/scene.ts table with three.js and rasterises it through WebGL (SwiftShader on
 * these machines): physically based materials, shadow maps, a filmic tone curve. Returns the
 * pinhole render as a PNG data URL, larger than the frame so the lens can be applied in Node.
 * Each model stands at its spec's (x, y): a standing one's base centre, a fallen one laid with
 * its footprint's middle there, so the spec is the truth.
 */

const css = (c, k = 1) => `rgb(${Math.round(Math.min(255, c[0] * k))},${Math.round(Math.min(255, c[1] * k))},${Math.round(Math.min(255, c[2] * k))})`;

/** The mat as a texture: its colour and what scene.ts painted on it (blotches, a hex grid, roads and patches). */
function matTexture(THREE, t) {
  const w = 2048;
  const h = Math.round((w * t.table.depthMm) / t.table.widthMm);
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  const g = c.getContext('2d');
  const p = t.mat.paint;
  const px = w / t.table.widthMm;
  g.fillStyle = css(t.mat.colour);
  g.fillRect(0, 0, w, h);
  for (const b of p.blotches) {
    const rad = b.r * px;
    const x = b.u * w;
    const y = b.v * h;
    const grad = g.createRadialGradient(x, y, 0, x, y, rad);
    grad.addColorStop(0, css(b.second ? t.mat.second : t.mat.colour, b.k).replace('rgb', 'rgba').replace(')', `,${b.alpha})`));
    grad.addColorStop(1, 'rgba(0,0,0,0)');
    g.fillStyle = grad;
    g.fillRect(x - rad, y - rad, 2 * rad, 2 * rad);
  }
  if (t.mat.kind === 'hex') {
    const s = p.hexMm * px;
    g.strokeStyle = css(t.mat.colour, 0.55);
    g.lineWidth = Math.max(1, 1.2 * px);
    for (let row = 0; row * s * 1.5 < h + s; row++) {
      for (let col = 0; col * s * Math.sqrt(3) < w + s; col++) {
        const cx = col * s * Math.sqrt(3) + (row % 2 ? (s * Math.sqrt(3)) / 2 : 0);
        const cy = row * s * 1.5;
        g.beginPath();
        for (let k = 0; k <= 6; k++) {
          const a = (Math.PI / 3) * k + Math.PI / 6;
          g.lineTo(cx + s * Math.cos(a), cy + s * Math.sin(a));
        }
        g.stroke();
      }
    }
  }
  for (const r of p.roads) {
    g.strokeStyle = css(r.colour);
    g.lineWidth = r.widthMm * px;
    g.lineCap = 'round';
    g.beginPath();
    const [a, b, q, d] = r.points;
    g.moveTo(a[0] * w, a[1] * h);
    g.bezierCurveTo(b[0] * w, b[1] * h, q[0] * w, q[1] * h, d[0] * w, d[1] * h);
    g.stroke();
  }
  for (const q of p.patches) {
    g.fillStyle = css(t.mat.second, q.k);
    g.beginPath();
    g.ellipse(q.u * w, q.v * h, q.rx * px, q.ry * px, q.angle, 0, 2 * Math.PI);
    g.fill();
  }
  const tex = new THREE.CanvasTexture(c);
  tex.colorSpace = THREE.SRGBColorSpace;
  tex.anisotropy = 8;
  return tex;
}

/** An ArUco marker (its 16 bits, '1' white) with `quiet` cells of white around it, as a texture. */
function markerTexture(THREE, bits, quiet) {
  const cells = 6 + 2 * quiet;
  const k = 12;
  const c = document.createElement('canvas');
  c.width = c.height = cells * k;
  const g = c.getContext('2d');
  g.fillStyle = '#f4f4f0';
  g.fillRect(0, 0, c.width, c.height);
  g.fillStyle = '#111';
  g.fillRect(quiet * k, quiet * k, 6 * k, 6 * k);
  g.fillStyle = '#f4f4f0';
  for (let i = 0; i < 16; i++) if (bits[i] === '1') g.fillRect((quiet + 1 + (i % 4)) * k, (quiet + 1 + Math.floor(i / 4)) * k, k, k);
  const tex = new THREE.CanvasTexture(c);
  tex.colorSpace = THREE.SRGBColorSpace;
  tex.anisotropy = 8;
  return tex;
}

function material(THREE, rgb, rough, metal) {
  const m = new THREE.MeshStandardMaterial({ roughness: rough, metalness: metal });
  m.color.setRGB(rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, THREE.SRGBColorSpace);
  return m;
}

/** A mesh that casts and receives shadows. */
function mesh(THREE, geometry, mat) {
  const m = new THREE.Mesh(geometry, mat);
  m.castShadow = true;
  m.receiveShadow = true;
  return m;
}

/** three's Y-up primitives turned Z-up. */
function zUp(geometry) {
  geometry.rotateX(Math.PI / 2);
  return geometry;
}

function capsule(THREE, mat, radius, length, from, dir) {
  const m = mesh(THREE, new THREE.CapsuleGeometry(radius, length, 4, 10), mat);
  const d = new THREE.Vector3(...dir).normalize();
  m.quaternion.setFromUnitVectors(new THREE.Vector3(0, 1, 0), d);
  m.position.set(from[0] + (d.x * length) / 2, from[1] + (d.y * length) / 2, from[2] + (d.z * length) / 2);
  return m;
}

function baseMesh(THREE, m) {
  const mat = material(THREE, m.base.colour, 0.6, 0);
  const t = m.base.thickMm;
  if (m.base.shape === 'square') return mesh(THREE, new THREE.BoxGeometry(m.base.mm, m.base.mm, t).translate(0, 0, t / 2), mat);
  const r = m.base.mm / 2;
  const bevel = m.base.bevel ? Math.min(1.5, t * 0.4) : 0;
  const profile = [new THREE.Vector2(0, 0), new THREE.Vector2(r, 0), new THREE.Vector2(r, t - bevel), new THREE.Vector2(r - bevel, t), new THREE.Vector2(0, t)];
  return mesh(THREE, zUp(new THREE.LatheGeometry(profile, 48)), mat);
}

/** A humanoid standing at the origin, feet at z = 0, height H, facing +x. */
function humanoid(THREE, m) {
  const H = m.heightMm;
  const g = new THREE.Group();
  const body = material(THREE, m.colour, m.rough, m.metal);
  const accent = material(THREE, m.accent, m.rough, m.metal);
  const skin = material(THREE, m.traits.includes('dark') ? m.colour : [205, 160, 130], 0.7, 0);
  const b = m.pose.bulk;
  const s = m.pose.stride * 0.35;
  for (const side of [-1, 1]) g.add(capsule(THREE, accent, 0.075 * H * b, 0.3 * H, [0, side * 0.06 * H, 0.06 * H], [side * s, 0, 1]));
  const torso = [[0, 0], [0.11, 0], [0.13, 0.1], [0.16, 0.22], [0.15, 0.3], [0.06, 0.34], [0, 0.34]].map(([x, y]) => new THREE.Vector2(x * H * b, y * H));
  g.add(mesh(THREE, zUp(new THREE.LatheGeometry(torso, 20)).translate(0, 0, 0.42 * H), body));
  g.add(mesh(THREE, new THREE.SphereGeometry(0.085 * H, 16, 12).translate(0, 0, 0.85 * H), skin));
  const up = m.pose.armUp;
  for (const side of [-1, 1]) {
    const lift = side > 0 ? up : 0.1;
    g.add(capsule(THREE, body, 0.045 * H * b, 0.28 * H, [0, side * 0.18 * H * b, 0.72 * H], [Math.sin(lift) * 0.6, side * 0.25, -Math.cos(lift)]));
  }
  if (m.pose.spear) g.add(mesh(THREE, zUp(new THREE.CylinderGeometry(0.012 * H, 0.012 * H, 1.15 * H, 6)).translate(0.08 * H, 0.24 * H * b, 0.55 * H), material(THREE, [110, 80, 50], 0.8, 0)));
  if (m.pose.shield) {
    const sh = mesh(THREE, zUp(new THREE.CylinderGeometry(0.17 * H, 0.17 * H, 0.025 * H, 20)), accent);
    sh.rotation.x = Math.PI / 2;
    sh.position.set(0.05 * H, -0.24 * H * b, 0.6 * H);
    g.add(sh);
  }
  if (m.pose.pack) g.add(mesh(THREE, new THREE.BoxGeometry(0.12 * H, 0.22 * H, 0.22 * H).translate(-0.16 * H, 0, 0.62 * H), accent));
  return g;
}

/** A four-legged beast with a heavy body, standing at the origin, height H. */
function monster(THREE, m) {
  const H = m.heightMm;
  const g = new THREE.Group();
  const body = material(THREE, m.colour, m.rough, m.metal);
  const accent = material(THREE, m.accent, m.rough, 0);
  const torso = mesh(THREE, new THREE.SphereGeometry(0.3 * H, 20, 14), body);
  torso.scale.set(1.4, 0.9, 0.8);
  torso.position.set(0, 0, 0.55 * H);
  g.add(torso);
  g.add(mesh(THREE, new THREE.SphereGeometry(0.17 * H, 14, 10).translate(0.45 * H, 0, 0.8 * H), body));
  g.add(mesh(THREE, zUp(new THREE.ConeGeometry(0.05 * H, 0.2 * H, 8)).translate(0.5 * H, 0.08 * H, 1.0 * H), accent));
  for (const [x, y] of [[0.25, 0.18], [0.25, -0.18], [-0.25, 0.18], [-0.25, -0.18]]) g.add(capsule(THREE, accent, 0.06 * H, 0.3 * H, [x * H, y * H, 0.05 * H], [0, 0, 1]));
  g.add(capsule(THREE, body, 0.05 * H, 0.4 * H, [-0.4 * H, 0, 0.5 * H], [-1, 0, -0.5]));
  return g;
}

/** A tracked vehicle, hull length L and width W, height H, its hull middle at the origin. */
function vehicle(THREE, m) {
  const H = m.heightMm;
  const L = m.lengthMm;
  const W = m.widthMm;
  const g = new THREE.Group();
  const body = material(THREE, m.colour, m.rough, m.metal);
  const dark = material(THREE, [40, 40, 38], 0.9, 0.2);
  const shape = new THREE.Shape();
  shape.moveTo(-L / 2, -W / 2 + 0.18 * W);
  shape.lineTo(L / 2, -W / 2 + 0.18 * W);
  shape.lineTo(L / 2, W / 2 - 0.18 * W);
  shape.lineTo(-L / 2, W / 2 - 0.18 * W);
  shape.closePath();
  const hull = new THREE.ExtrudeGeometry(shape, { depth: 0.35 * H, bevelEnabled: true, bevelSize: 0.06 * H, bevelThickness: 0.06 * H, bevelSegments: 2 });
  g.add(mesh(THREE, hull.translate(0, 0, 0.22 * H), body));
  for (const side of [-1, 1]) g.add(mesh(THREE, new THREE.BoxGeometry(L * 1.02, 0.2 * W, 0.36 * H).translate(0, side * 0.4 * W, 0.18 * H), dark));
  g.add(mesh(THREE, zUp(new THREE.CylinderGeometry(0.24 * W, 0.28 * W, 0.25 * H, 16)).translate(-0.05 * L, 0, 0.75 * H), body));
  const barrel = mesh(THREE, new THREE.CylinderGeometry(0.035 * W, 0.035 * W, 0.6 * L, 8), body);
  barrel.rotation.z = -Math.PI / 2;
  barrel.position.set(0.25 * L, 0, 0.8 * H);
  g.add(barrel);
  return g;
}

function tagMeshes(THREE, m, bits) {
  const g = new THREE.Group();
  const t = m.tag;
  const tex = markerTexture(THREE, bits, t.kind === 'card' ? 0 : 1);
  const face = new THREE.MeshStandardMaterial({ map: tex, roughness: 0.8 });
  if (t.kind === 'card') {
    const card = mesh(THREE, new THREE.BoxGeometry(t.cardMm, t.cardMm, 1), material(THREE, [238, 238, 232], 0.8, 0));
    card.position.z = t.heightMm - 0.5;
    g.add(card);
    const top = new THREE.Mesh(new THREE.PlaneGeometry(t.sizeMm, t.sizeMm), face);
    top.position.z = t.heightMm + 0.02;
    g.add(top);
    g.add(mesh(THREE, zUp(new THREE.CylinderGeometry(0.8, 0.8, t.heightMm - m.heightMm, 6)).translate(0, 0, (t.heightMm + m.heightMm) / 2), material(THREE, [60, 60, 60], 0.7, 0)));
  } else {
    const top = new THREE.Mesh(new THREE.PlaneGeometry((t.sizeMm * 8) / 6, (t.sizeMm * 8) / 6), face);
    top.position.z = t.heightMm + 0.05;
    g.add(top);
  }
  g.rotation.z = (t.angleDeg * Math.PI) / 180;
  return g;
}

/** One model as a group whose origin is its truth point (a standing one's base centre). */
function model(THREE, m, dict) {
  const g = new THREE.Group();
  const hasBase = m.base.mm > 0;
  if (hasBase) g.add(baseMesh(THREE, m));
  const z0 = hasBase ? m.base.thickMm : 0;
  if (m.kind !== 'token') {
    const fig = m.kind === 'humanoid' ? humanoid(THREE, m) : m.kind === 'monster' ? monster(THREE, m) : vehicle(THREE, m);
    fig.position.z = z0;
    fig.rotation.y = (m.leanDeg * Math.PI) / 180;
    g.add(fig);
  }
  if (m.tag) g.add(tagMeshes(THREE, m, dict[m.tag.id]));
  g.rotation.z = (m.yawDeg * Math.PI) / 180;
  return g;
}

/** Lays a model down (base on edge, lying toward fallDeg) with its footprint's middle at (x, y). */
function layDown(THREE, g, m) {
  const pivot = new THREE.Group();
  const inner = new THREE.Group();
  inner.add(g);
  // Tipped over onto +x (the figure's up ends along +x), then rolled about that lying axis.
  const tip = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), Math.PI / 2);
  const roll = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(1, 0, 0), (m.rollDeg * Math.PI) / 180);
  inner.quaternion.copy(roll.multiply(tip));
  pivot.add(inner);
  pivot.updateMatrixWorld(true);
  const box = new THREE.Box3().setFromObject(pivot, true);
  inner.position.set(-(box.min.x + box.max.x) / 2, -(box.min.y + box.max.y) / 2, -box.min.z);
  pivot.rotation.z = (m.fallDeg * Math.PI) / 180;
  pivot.position.set(m.x, m.y, 0);
  return pivot;
}

function terrainMesh(THREE, q) {
  const mat = material(THREE, q.colour, 0.85, 0);
  const g = new THREE.Group();
  if (q.kind === 'hill') {
    const h = mesh(THREE, new THREE.SphereGeometry(1, 24, 12, 0, 2 * Math.PI, 0, Math.PI / 2), mat);
    h.geometry.rotateX(Math.PI / 2);
    h.scale.set(q.w / 2, q.d / 2, q.h);
    g.add(h);
  } else if (q.kind === 'tree') {
    g.add(mesh(THREE, zUp(new THREE.CylinderGeometry(6, 8, q.h * 0.45, 8)).translate(0, 0, q.h * 0.22), material(THREE, [90, 65, 45], 0.9, 0)));
    g.add(mesh(THREE, zUp(new THREE.ConeGeometry(q.w / 2, q.h * 0.7, 12)).translate(0, 0, q.h * 0.62), mat));
  } else if (q.kind === 'crate') {
    g.add(mesh(THREE, new THREE.BoxGeometry(q.w, q.d, q.h).translate(0, 0, q.h / 2), material(THREE, [120, 90, 55], 0.8, 0)));
  } else {
    g.add(mesh(THREE, new THREE.BoxGeometry(q.w, 12, q.h).translate(0, -q.d / 2, q.h / 2), mat));
    g.add(mesh(THREE, new THREE.BoxGeometry(12, q.d, q.h * 0.6).translate(-q.w / 2, 0, q.h * 0.3), mat));
  }
  g.rotation.z = (q.yawDeg * Math.PI) / 180;
  g.position.set(q.x, q.y, 0);
  return g;
}

/**
 * Renders one frame. frame: {table, models, exposure, lightScale}; dict: the 50 markers' bits;
 * scale: the pinhole render's size over the frame's (room for the lens). Returns the PNG.
 */
export async function renderFrame(THREE, frame, dict, scale) {
  const t = frame.table;
  const cam = t.camera;
  const W = Math.round(cam.widthPx * scale);
  const H = Math.round(cam.heightPx * scale);
  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(1);
  renderer.setSize(W, H, false);
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = THREE.PCFShadowMap;
  renderer.outputColorSpace = THREE.SRGBColorSpace;
  renderer.toneMapping = { aces: THREE.ACESFilmicToneMapping, agx: THREE.AgXToneMapping, neutral: THREE.NeutralToneMapping, linear: THREE.NoToneMapping }[t.render.toneMapping];
  renderer.toneMappingExposure = frame.exposure;
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0.2, 0.2, 0.22);
  // The room's floor below the table edge, then the table with its mat.
  const floor = new THREE.Mesh(new THREE.PlaneGeometry(8000, 8000), material(THREE, [70, 66, 60], 0.9, 0));
  floor.position.set(t.table.widthMm / 2, t.table.depthMm / 2, -750);
  scene.add(floor);
  const tableTop = new THREE.Mesh(new THREE.BoxGeometry(t.table.widthMm, t.table.depthMm, 20), new THREE.MeshStandardMaterial({ map: matTexture(THREE, t), roughness: 0.92 }));
  tableTop.position.set(t.table.widthMm / 2, t.table.depthMm / 2, -10);
  tableTop.receiveShadow = true;
  scene.add(tableTop);
  for (const mk of t.markers) {
    const plate = new THREE.Mesh(new THREE.PlaneGeometry((mk.size * 8) / 6, (mk.size * 8) / 6), new THREE.MeshStandardMaterial({ map: markerTexture(THREE, dict[mk.id], 1), roughness: 0.85 }));
    plate.position.set(mk.x0 + mk.size / 2, mk.y0 + mk.size / 2, 0.3);
    plate.receiveShadow = true;
    scene.add(plate);
  }
  for (const q of t.terrain) scene.add(terrainMesh(THREE, q));
  for (const m of frame.models) {
    const g = model(THREE, m, dict);
    if (m.fallen) {
      scene.add(layDown(THREE, g, m));
    } else {
      g.position.set(m.x, m.y, 0);
      scene.add(g);
    }
  }
  scene.add(new THREE.HemisphereLight(new THREE.Color(...t.sky.colour.map((v) => v / 255)), new THREE.Color(...t.sky.ground.map((v) => v / 255)), t.sky.intensity * frame.lightScale));
  for (const l of t.lights) {
    const colour = new THREE.Color(...l.colour.map((v) => v / 255));
    const light = l.kind === 'spot' ? new THREE.SpotLight(colour, l.intensity * frame.lightScale, 0, (l.angleDeg * Math.PI) / 180, l.penumbra, 0) : new THREE.DirectionalLight(colour, l.intensity * frame.lightScale);
    light.position.set(...l.at);
    light.target.position.set(...l.target);
    light.castShadow = true;
    light.shadow.mapSize.set(4096, 4096);
    light.shadow.radius = l.shadowRadius;
    light.shadow.bias = -0.0004;
    if (l.kind !== 'spot') {
      const half = Math.hypot(t.table.widthMm, t.table.depthMm) / 2 + 200;
      Object.assign(light.shadow.camera, { left: -half, right: half, top: half, bottom: -half, near: 10, far: 10000 });
    } else {
      light.shadow.camera.near = 100;
      light.shadow.camera.far = 6000;
    }
    scene.add(light, light.target);
  }
  const camera = new THREE.PerspectiveCamera((2 * Math.atan(H / 2 / cam.fy) * 180) / Math.PI, W / H, 50, 12000);
  camera.up.set(0, 1, 0);
  camera.position.set(...cam.at);
  camera.lookAt(...cam.lookAt);
  camera.rotateZ((cam.rollDeg * Math.PI) / 180);
  renderer.render(scene, camera);
  const png = renderer.domElement.toDataURL('image/png');
  renderer.dispose();
  return { png };
}
