"""Weights from a shipped ONNX file back into the training nets, so a model can be resumed from
what the repository holds (models/miniature-detector.onnx) instead of a .pt file that only the
machine which trained it had.

The export folds each BatchNorm into the convolution before it (except where one net feeds two
outputs: then the file keeps BatchNormalization nodes, and their statistics are read as they are).
Loaded back, every convolution takes the folded weight and its BatchNorm becomes the identity with
the folded bias: running mean 0, running variance 1 - eps, scale 1. Trained on with `freeze_batchnorm` (the BatchNorms use
those stored statistics, never a batch's), the net is exactly the exported one at step 0 and
exports to the same kind of file after.

Which convolutions belong to which net is read from the graph: those an output depends on
(`heat`: the first stage; `fallen`: the fallen net; `second`: the second-model net), in the
graph's order, which is the order the nets run them. Linear layers keep their names in the file,
under the part's own prefix or another net's (a net exported as a file's only second stage).
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
    # A BatchNormalization right after a convolution (an export that did not fold it, as when one
    # net feeds two outputs) gives its own statistics; otherwise the fold is in the convolution.
    consumers = {}
    for n in g.node:
        for i in n.input:
            consumers.setdefault(i, []).append(n)
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
            norm = [n for n in consumers.get(node.output[0], []) if n.op_type == 'BatchNormalization']
            if norm:
                scale, shift, mean, var = (init[i] for i in norm[0].input[1:5])
                bn.weight.copy_(torch.from_numpy(scale.copy()))
                bn.bias.copy_(torch.from_numpy(shift.copy()))
                # A bias on the convolution itself shifts what the normalisation subtracts.
                bn.running_mean.copy_(torch.from_numpy((mean - b).copy()))
                bn.running_var.copy_(torch.from_numpy(var.copy()))
                continue
            bn.weight.fill_(1.0)
            bn.bias.copy_(torch.from_numpy(b.copy()))
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
        # Linear layers by name. A file exported with both stages names them after their net
        # ('classifier.', 'second_net.'); a net exported alone, or a net that was both (a second-model
        # net exported as the file's only second stage), under another prefix: the part's own first.
        conv_params = {id(p) for c, n in pairs for m in (c, n) if m is not None for p in m.parameters()}
        prefixes = [prefix] + [q for q in ('classifier.', 'second_net.', '') if q != prefix]
        missing = []
        for name, p in module.named_parameters():
            if id(p) in conv_params:
                continue
            v = next((init[q + name] for q in prefixes if q + name in init and tuple(init[q + name].shape) == tuple(p.shape)), None)
            if v is None:
                missing.append(name)
                continue
            p.copy_(torch.from_numpy(v.copy()))
    # The second-model net's own fallen head is never exported: it alone may be missing.
    needed = [n for n in missing if not (part == 'second' and n.startswith('fallen.'))]
    if needed:
        raise ValueError('%s: no weights for %s in the %r part' % (path, ', '.join(needed), output))
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
