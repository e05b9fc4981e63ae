"""Weights from a shipped ONNX file back into the training nets, so a model can be resumed from
what the repository holds (models/miniature-detector.onnx) instead of a .pt file that only the
machine which trained it had.

The export folds each BatchNorm into the convolution before it. Loaded back, every convolution
takes the folded weight and its BatchNorm becomes the identity with the folded bias: running mean
0, running variance 1 - eps, scale 1. Trained on with `freeze_batchnorm` (the BatchNorms use
those stored statistics, never a batch's), the net is exactly the exported one at step 0 and
exports to the same kind of file after.

Which convolutions belong to which net is read from the graph: those an output depends on
(`heat`: the first stage; `fallen`: the fallen net; `second`: the second-model net), in the
graph's order, which is the order the nets run them. Linear layers keep their names in the file.
"""
import numpy as np
import onnx
import torch
import torch.nn as nn
from onnx import numpy_helper

# The part of the file each net is read from: the output it feeds and the prefix of its named layers.
PARTS = {'detector': ('heat', 'detector.'), 'fallen': ('fallen', 'classifier.'), 'second': ('second', 'second_net.')}


def _convs_feeding(graph, output):
    """The Conv nodes `output` depends on, in graph order."""
    producer = {o: n for n in graph.node for o in n.output}
    need, seen, stack = set(), set(), [output]
    while stack:
        t = stack.pop()
        n = producer.get(t)
        if n is None or id(n) in seen:
            continue
        seen.add(id(n))
        need.add(id(n))
        stack.extend(n.input)
    return [n for n in graph.node if n.op_type == 'Conv' and id(n) in need]


def _conv_bn_pairs(module):
    """Each Conv2d of the module with the BatchNorm2d right after it (or None), in registration order."""
    mods = list(module.modules())
    out = []
    for i, m in enumerate(mods):
        if isinstance(m, nn.Conv2d):
            nxt = mods[i + 1] if i + 1 < len(mods) else None
            out.append((m, nxt if isinstance(nxt, nn.BatchNorm2d) else None))
    return out


def load_part(module, path, part):
    """Load `part` ('detector', 'fallen' or 'second') of the ONNX file at `path` into `module`.
    Raises ValueError naming the file and what does not fit."""
    output, prefix = PARTS[part]
    try:
        model = onnx.load(path)
    except Exception as e:  # noqa: BLE001 - any unreadable file is one line
        raise ValueError('%s: not an ONNX file (%s)' % (path, str(e).splitlines()[0] if str(e) else type(e).__name__))
    g = model.graph
    if not g.node:
        raise ValueError('%s: not an ONNX file (no graph in it)' % path)
    if output not in [o.name for o in g.output]:
        raise ValueError('%s: has no output %r (outputs: %s)' % (path, output, ', '.join(o.name for o in g.output)))
    init = {i.name: numpy_helper.to_array(i) for i in g.initializer}
    convs = _convs_feeding(g, output)
    pairs = _conv_bn_pairs(module)
    if len(convs) != len(pairs):
        raise ValueError('%s: %d convolutions feed %r, the net has %d' % (path, len(convs), output, len(pairs)))
    with torch.no_grad():
        for (conv, bn), node in zip(pairs, convs):
            w = init[node.input[1]]
            b = init[node.input[2]] if len(node.input) > 2 else np.zeros(w.shape[0], np.float32)
            if tuple(conv.weight.shape) != w.shape:
                raise ValueError('%s: a convolution of %r is %s, the net wants %s' % (path, output, w.shape, tuple(conv.weight.shape)))
            conv.weight.copy_(torch.from_numpy(w.copy()))
            if bn is None:
                conv.bias.copy_(torch.from_numpy(b.copy()))
                continue
            bn.weight.fill_(1.0)
            bn.bias.copy_(torch.from_numpy(b.copy()))
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
        # Linear layers (and the first stage's head, a biased conv) by name.
        for name, p in module.named_parameters():
            key = prefix + name
            if key in init and not any(p is c.weight or p is c.bias for c, _ in pairs):
                v = init[key]
                if tuple(p.shape) != v.shape:
                    raise ValueError('%s: %s is %s, the net wants %s' % (path, key, v.shape, tuple(p.shape)))
                p.copy_(torch.from_numpy(v.copy()))
    missing = [prefix + n for n, m in module.named_modules() if isinstance(m, nn.Linear) and prefix + n + '.weight' not in init]
    return missing


def conv_count(path, output):
    """How many convolutions feed `output` in the ONNX file at `path` (which head a file holds)."""
    try:
        g = onnx.load(path).graph
    except Exception as e:  # noqa: BLE001 - any unreadable file is one line
        raise ValueError('%s: not an ONNX file (%s)' % (path, str(e).splitlines()[0] if str(e) else type(e).__name__))
    return len(_convs_feeding(g, output))


def freeze_batchnorm(module):
    """Every BatchNorm normalises with its stored statistics (call after module.train())."""
    for m in module.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.eval()
