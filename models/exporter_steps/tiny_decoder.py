"""A tiny generative decoder from litert-torch's generative API, for check's decode loop.

TinyLlama's architecture (RMS norm and attention as STABLEHLO_COMPOSITE, RoPE, grouped-query
attention, gated SiLU feed-forward) at toy dimensions, random weights (seed 0): two
signatures, `prefill_8` and `decode`, the KV cache (`kv_cache_k_0`, `kv_cache_v_0`, ...) as
inputs and outputs of the same names, updated with DYNAMIC_UPDATE_SLICE.

Run in a virtualenv with litert-torch 0.10.0 and torch (its converter also imports
TensorFlow, tensorflow-cpu 2.21.0 here):

    python models/exporter_steps/tiny_decoder.py OUT_DIR [none|fp16|dynamic_int8|dynamic_int4_block32 ...]

writes OUT_DIR/tiny-decoder.gen-<variant>.tflite (f32 for `none`).
"""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import torch  # noqa: E402
from litert_torch.generative.examples.tiny_llama import tiny_llama  # noqa: E402
from litert_torch.generative.utilities import converter  # noqa: E402

NAMES = {"none": "f32", "fp16": "fp16", "dynamic_int8": "q8", "weight_only_int8": "q8-wo",
         "dynamic_int4_block32": "q4-block32"}
PREFILL, CACHE = 8, 32


def config():
    cfg = tiny_llama.get_model_config()
    cfg.vocab_size = 64
    cfg.num_layers = 2
    cfg.embedding_dim = 64
    cfg.max_seq_len = CACHE
    attn = cfg.block_config(0).attn_config
    attn.num_heads, attn.head_dim, attn.num_query_groups = 4, 16, 2
    cfg.block_config(0).ff_config.intermediate_size = 64
    return cfg


def main(out_dir: str, variants: list[str]) -> None:
    for quantize in variants or ["none"]:
        torch.manual_seed(0)
        cfg = config()
        model = tiny_llama.TinyLlama(cfg, mask_cache_size=CACHE).eval()
        prefix = "tiny-decoder-tmp"
        converter.convert_to_tflite(model, output_path=out_dir, output_name_prefix=prefix, prefill_seq_len=PREFILL,
                                    kv_cache_max_len=CACHE, quantize=quantize, config=cfg,
                                    export_config=converter.ExportConfig())
        made = [f for f in os.listdir(out_dir) if f.startswith(prefix)]
        assert len(made) == 1, made
        target = os.path.join(out_dir, f"tiny-decoder.gen-{NAMES.get(quantize, quantize)}.tflite")
        os.replace(os.path.join(out_dir, made[0]), target)
        print(target, os.path.getsize(target))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
