"""The PyTorch networks of the exporter corpus, with seeded weights that look trained.

Runs in the torch virtualenv (models/exporters/requirements-torch.txt).  The
image networks are the torchvision classes (narrower where torchvision has a
knob for it, so the files stay small); the GPT-style decoder, the recurrent
nets and the UNet are written here the way tutorials write them.

Weights: the module's own initialisation, then the parameters PyTorch
initialises to constants get trained-looking values, as in
models/make_real_models.py (BatchNorm gamma in [0.5, 2], beta = gamma *
U(0.5, 2), a tenth of that on the last BatchNorm of each residual branch,
biases +-0.1, LayerNorm gamma / beta), one pass over seeded inputs sets every
BatchNorm's running statistics, and the classifier is rescaled so its outputs
spread by about 2 with a bias that cancels their mean.  Without that a deep
random network maps every input to nearly the same output and quantization
noise decides the result.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from collections.abc import Callable

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F


def model_seed(name: str) -> int:
    """Stable per-architecture seed, so adding one does not change the others."""
    return zlib.crc32(name.encode())


# --------------------------------------------------------------------------
# Architectures
# --------------------------------------------------------------------------


def resnet18_slim():
    """torchvision ResNet with ResNet18's layers (BasicBlock x [2, 2, 2, 2]) at
    an eighth of its width (8, 16, 32, 64 channels)."""
    from torchvision.models import resnet

    class ResNet18Slim(resnet.ResNet):
        def __init__(self, width: int, num_classes: int):
            super().__init__(resnet.BasicBlock, [2, 2, 2, 2], num_classes=num_classes)
            self.inplanes = width
            self.conv1 = nn.Conv2d(3, width, kernel_size=7, stride=2, padding=3, bias=False)
            self.bn1 = nn.BatchNorm2d(width)
            self.layer1 = self._make_layer(resnet.BasicBlock, width, 2)
            self.layer2 = self._make_layer(resnet.BasicBlock, 2 * width, 2, stride=2)
            self.layer3 = self._make_layer(resnet.BasicBlock, 4 * width, 2, stride=2)
            self.layer4 = self._make_layer(resnet.BasicBlock, 8 * width, 2, stride=2)
            self.fc = nn.Linear(8 * width, num_classes)
            for m in self.modules():
                if isinstance(m, nn.Conv2d):
                    nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")

    return ResNet18Slim(8, 10)


def mobilenet_v3_small():
    from torchvision.models import mobilenet_v3_small as build

    return build(num_classes=10, width_mult=0.5, reduced_tail=True)


def efficientnet_b0():
    from torchvision.models import efficientnet

    # efficientnet_b0() is _efficientnet_conf(width_mult=1.0, depth_mult=1.0);
    # half width and depth keeps every stage (MBConv, squeeze-excitation, SiLU).
    setting, last = efficientnet._efficientnet_conf("efficientnet_b0", width_mult=0.5,
                                                    depth_mult=0.5)
    return efficientnet.EfficientNet(setting, 0.2, last_channel=last, num_classes=10)


def squeezenet():
    from torchvision.models import squeezenet1_1

    return squeezenet1_1(num_classes=10)


def vit():
    from torchvision.models.vision_transformer import VisionTransformer

    return VisionTransformer(image_size=32, patch_size=8, num_layers=2, num_heads=4,
                             hidden_dim=64, mlp_dim=128, num_classes=10)


class GPT(nn.Module):
    """GPT-2 style decoder (nanoGPT's layout): token + learned position
    embeddings, pre-LN blocks with causal scaled_dot_product_attention and a
    GELU MLP, final LayerNorm, LM head tied to the token embedding."""

    def __init__(self, vocab=256, context=32, dim=64, heads=4, layers=2):
        super().__init__()
        self.heads = heads
        self.wte = nn.Embedding(vocab, dim)
        self.wpe = nn.Embedding(context, dim)
        self.blocks = nn.ModuleList(_GPTBlock(dim) for _ in range(layers))
        self.ln_f = nn.LayerNorm(dim)
        self.lm_head = nn.Linear(dim, vocab, bias=False)
        self.lm_head.weight = self.wte.weight

    def forward(self, tokens):
        pos = torch.arange(tokens.shape[1], device=tokens.device)
        x = self.wte(tokens) + self.wpe(pos)
        for block in self.blocks:
            x = block(x, self.heads)
        return self.lm_head(self.ln_f(x))


class _GPTBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ln_1 = nn.LayerNorm(dim)
        self.c_attn = nn.Linear(dim, 3 * dim)
        self.c_proj = nn.Linear(dim, dim)
        self.ln_2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(approximate="tanh"),
                                 nn.Linear(4 * dim, dim))

    def forward(self, x, heads):
        b, t, c = x.shape
        q, k, v = self.c_attn(self.ln_1(x)).split(c, dim=2)
        q, k, v = (z.view(b, t, heads, c // heads).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.c_proj(y.transpose(1, 2).reshape(b, t, c))
        return x + self.mlp(self.ln_2(x))


class SpeechRNN(nn.Module):
    """20 frames x 40 features -> LSTM / GRU(32) -> last step -> linear 12."""

    def __init__(self, cell, bidirectional=False):
        super().__init__()
        self.rnn = cell(40, 32, batch_first=True, bidirectional=bidirectional)
        self.head = nn.Linear(32 * (2 if bidirectional else 1), 12)

    def forward(self, x):
        y, _ = self.rnn(x)
        return self.head(y[:, -1])


class UNet(nn.Module):
    """Two-level UNet, 3x32x32 -> 2 classes per pixel: conv-BN-ReLU pairs,
    max-pool down, one bilinear Upsample and one ConvTranspose2d up, skip
    concatenations."""

    def __init__(self, ch=(16, 32, 64), classes=2):
        super().__init__()
        a, b, c = ch
        self.enc1, self.enc2, self.mid = _double_conv(3, a), _double_conv(a, b), _double_conv(b, c)
        self.up2 = nn.ConvTranspose2d(c, b, 2, stride=2)
        self.dec2 = _double_conv(2 * b, b)
        self.up1 = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)
        self.dec1 = _double_conv(b + a, a)
        self.head = nn.Conv2d(a, classes, 1)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(F.max_pool2d(e1, 2))
        m = self.mid(F.max_pool2d(e2, 2))
        d2 = self.dec2(torch.cat([self.up2(m), e2], 1))
        return self.head(self.dec1(torch.cat([self.up1(d2), e1], 1)))


def _double_conv(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout),
                         nn.ReLU(inplace=True), nn.Conv2d(cout, cout, 3, padding=1, bias=False),
                         nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


@dataclass(frozen=True)
class Net:
    name: str
    build: Callable[[], nn.Module]
    shape: tuple[int, ...]  # input shape with the batch dimension (NCHW for images)
    kind: str = "image"  # image | sequence | tokens
    range: tuple[float, float] = (-2.0, 2.0)  # input data range (tokens: vocabulary size)
    note: str = ""


NETS: list[Net] = [
    Net("resnet18-slim", resnet18_slim, (1, 3, 64, 64),
        note="torchvision ResNet, BasicBlock x [2, 2, 2, 2] (ResNet18's layers) at 1/8 width "
             "(8-64 channels), 64x64, 10 classes"),
    Net("mobilenet-v3-small", mobilenet_v3_small, (1, 3, 64, 64),
        note="torchvision mobilenet_v3_small(width_mult=0.5, reduced_tail=True), 64x64, "
             "10 classes: hard-swish, squeeze-excitation with hard-sigmoid"),
    Net("efficientnet-b0", efficientnet_b0, (1, 3, 64, 64),
        note="torchvision EfficientNet with B0's stages at width 0.5 and depth 0.5, 64x64, "
             "10 classes: SiLU, squeeze-excitation"),
    Net("squeezenet", squeezenet, (1, 3, 64, 64),
        note="torchvision squeezenet1_1(num_classes=10), 64x64: fire modules (concatenated "
             "1x1 / 3x3 expands), ceil-mode max-pools, conv classifier"),
    Net("vit", vit, (1, 3, 32, 32),
        note="torchvision VisionTransformer, 32x32, patch 8 (16 tokens + class token), "
             "2 layers, hidden 64, 4 heads, MLP 128, 10 classes"),
    Net("gpt", GPT, (1, 32), kind="tokens", range=(0, 256),
        note="GPT-2 style decoder: vocabulary 256, 32 tokens, dim 64, 4 heads, 2 pre-LN "
             "blocks, causal scaled_dot_product_attention, tanh-GELU MLP, tied LM head"),
    Net("lstm", lambda: SpeechRNN(nn.LSTM), (1, 20, 40), kind="sequence",
        note="nn.LSTM(40, 32, batch_first) on 20x40 -> last step -> linear 12"),
    Net("lstm-bidir", lambda: SpeechRNN(nn.LSTM, True), (1, 20, 40), kind="sequence",
        note="bidirectional nn.LSTM(40, 32) -> last step (64) -> linear 12"),
    Net("gru", lambda: SpeechRNN(nn.GRU), (1, 20, 40), kind="sequence",
        note="nn.GRU(40, 32, batch_first) on 20x40 -> last step -> linear 12"),
    Net("gru-bidir", lambda: SpeechRNN(nn.GRU, True), (1, 20, 40), kind="sequence",
        note="bidirectional nn.GRU(40, 32) -> last step (64) -> linear 12"),
    Net("unet", UNet, (1, 3, 32, 32),
        note="two-level UNet 3x32x32 -> 2x32x32: conv-BN-ReLU pairs (16, 32, 64 channels), "
             "max-pool, ConvTranspose2d and bilinear Upsample, skip concatenations"),
]


# --------------------------------------------------------------------------
# Inputs and weights
# --------------------------------------------------------------------------


def sample_inputs(net: Net, rng: np.random.Generator, n: int) -> np.ndarray:
    """n seeded inputs stacked on the batch axis.  Images are smooth random
    scenes (a 4x4 to 8x8 grid of random colours, bilinearly upsampled, plus a
    little pixel noise; white noise makes a deep random network's output
    chaotic), tokens uniform in the vocabulary, sequences uniform in the range."""
    lo, hi = net.range
    shape = (n, *net.shape[1:])
    if net.kind == "tokens":
        return rng.integers(int(lo), int(hi), shape).astype(np.int64)
    if net.kind != "image":
        return rng.uniform(lo, hi, shape).astype(np.float32)
    _, c, h, w = shape
    out = np.empty(shape, np.float32)
    for i in range(n):
        g = int(rng.integers(4, 9))
        grid = rng.uniform(0.0, 1.0, (c, g, g))
        ys, xs = np.linspace(0, g - 1, h), np.linspace(0, g - 1, w)
        y0, x0 = np.floor(ys).astype(int).clip(0, g - 2), np.floor(xs).astype(int).clip(0, g - 2)
        fy, fx = (ys - y0)[None, :, None], (xs - x0)[None, None, :]
        img = (grid[:, y0][:, :, x0] * (1 - fy) * (1 - fx) + grid[:, y0 + 1][:, :, x0] * fy * (1 - fx)
               + grid[:, y0][:, :, x0 + 1] * (1 - fy) * fx + grid[:, y0 + 1][:, :, x0 + 1] * fy * fx)
        img = img + rng.normal(0.0, 0.03, img.shape)
        out[i] = lo + (hi - lo) * img.clip(0.0, 1.0)
    return out


def _residual_branch_ends(model: nn.Module) -> set[int]:
    """The last BatchNorm of each residual branch (torchvision BasicBlock.bn2,
    the last BatchNorm of an InvertedResidual / MBConv with a shortcut)."""
    ends = set()
    for m in model.modules():
        if type(m).__name__ == "BasicBlock":
            ends.add(id(m.bn2))
        elif getattr(m, "use_res_connect", False):
            bns = [b for b in m.modules() if isinstance(b, nn.BatchNorm2d)]
            if bns:
                ends.add(id(bns[-1]))
    return ends


def _classifier(model: nn.Module) -> nn.Module | None:
    """The layer whose output is the logits: the last Linear (or 1x1 Conv2d,
    SqueezeNet's final_conv) with a bias, if it is the model's last weight layer."""
    layers = [m for m in model.modules() if isinstance(m, (nn.Linear, nn.Conv2d, nn.ConvTranspose2d,
                                                           nn.LSTM, nn.GRU, nn.Embedding))]
    last = layers[-1] if layers else None
    return last if isinstance(last, (nn.Linear, nn.Conv2d)) and last.bias is not None else None


@torch.no_grad()
def make_weights_realistic(model: nn.Module, rng: np.random.Generator, data: torch.Tensor) -> None:
    ends = _residual_branch_ends(model)

    def put(p, value):
        p.copy_(torch.as_tensor(np.asarray(value, np.float32).reshape(p.shape)))

    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            gamma = rng.permutation(np.geomspace(0.5, 2.0, m.num_features))
            if id(m) in ends:
                gamma *= 0.1
            put(m.weight, gamma)
            put(m.bias, gamma * rng.uniform(0.5, 2.0, m.num_features))
        elif isinstance(m, nn.LayerNorm):
            put(m.weight, rng.uniform(0.7, 1.3, m.weight.numel()))
            put(m.bias, rng.uniform(-0.2, 0.2, m.bias.numel()))
        else:
            for name, p in m.named_parameters(recurse=False):
                if name.startswith("bias"):
                    put(p, p.numpy() + rng.uniform(-0.1, 0.1, p.numel()))
    bns = [m for m in model.modules() if isinstance(m, nn.BatchNorm2d)]
    model.eval()
    if bns:  # running statistics = the statistics of one pass over `data`
        for m in bns:
            m.reset_running_stats()
            m.momentum = None
            m.train()
        model(data)
        for m in bns:
            m.eval()
    head = _classifier(model)
    if head is not None:
        fit_classifier(model, head, rng, data)


@torch.no_grad()
def fit_classifier(model, head, rng, data, spread: float = 2.0) -> None:
    """Rescale the classifier so its outputs have standard deviation `spread`
    over `data`, with a bias that cancels their mean (plus a little noise)."""
    if not head.weight.any():  # torchvision's ViT starts its head at zero
        head.weight.copy_(torch.as_tensor(rng.normal(0.0, head.weight[0].numel() ** -0.5,
                                                     tuple(head.weight.shape)), dtype=torch.float32))
    seen = []
    hook = head.register_forward_hook(lambda m, i, o: seen.append(o.detach().clone()))
    model(data)
    hook.remove()
    out = seen[0].double()
    chans = out.shape[1] if isinstance(head, nn.Conv2d) else out.shape[-1]
    flat = out.movedim(1, -1) if isinstance(head, nn.Conv2d) else out
    flat = flat.reshape(-1, chans) - head.bias.double()
    scale = spread / max(float(flat.std(0).mean()), 1e-12)
    head.weight.mul_(scale)
    bias = -(flat * scale).mean(0).numpy() + rng.uniform(-0.1, 0.1, chans)
    head.bias.copy_(torch.as_tensor(bias, dtype=torch.float32))


BN_SAMPLES = 32


def build(net: Net) -> nn.Module:
    """The network with its seeded weights, in eval mode."""
    seed = model_seed(net.name)
    torch.manual_seed(seed)
    model = net.build()
    rng = np.random.default_rng(seed)
    data = torch.from_numpy(sample_inputs(net, np.random.default_rng(seed + 1), BN_SAMPLES))
    make_weights_realistic(model, rng, data)
    return model.eval()
