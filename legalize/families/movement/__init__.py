"""Operators that move values without computing new ones: shapes and layouts, slices, pads,
gathers and scatters, resizes.

The table of the family's operators (legalize/__init__.py merges the families' tables);
the patterns are in the modules beside it.
"""
from __future__ import annotations

from ...lib.on_storage import OnStorage
from ...lib.patterns import ByResult
from ...lib.string_layout import (STRING_FILL, STRING_GATHER, STRING_GATHER_ND, STRING_HASHTABLE_LOOKUP,
                                 STRING_RESHAPE, STRING_SLICE, STRING_STRIDED_SLICE, STRING_TILE)
from ...lib.strings import ByStrings
from ...rule import Rule, unlowered
from .gather import (Densify, EmbeddingLookup, EmbeddingLookupSparse, Gather, GatherNd, HashtableLookup,
                     HybridEmbeddingLookup, ScatterNd, SegmentFold, SparseToDense)
from .layout import (BatchToSpaceNd, Bitcast, BroadcastArgs, BroadcastTo, Concatenation, DepthToSpace, Fill,
                     MatrixDiag, MatrixSetDiag, Pack, Rank, Reshaped, Reverse, ReverseSequence, Shape,
                     SpaceToBatchNd, SpaceToDepth, StoredConcatenation, Tile, Transpose, ZerosLike)
from .padding import Dilate, MirrorPad, Pad, PadV2
from .resize import QuantizedBilinear, Resize
from .slicing import DynamicUpdateSlice, Slice, Split, StridedSlice, Unpack

RULES = {
    # TFLite op                  Rule(integer path,                          float path)
    # layout.py
    "tfl.reshape":             Rule(OnStorage(Reshaped(), alike=False),     ByStrings(Reshaped(), STRING_RESHAPE)),
    "tfl.squeeze":             Rule(OnStorage(Reshaped()),                  ByStrings(Reshaped(), STRING_RESHAPE)),
    "tfl.expand_dims":         Rule(OnStorage(Reshaped()),                  ByStrings(Reshaped(), STRING_RESHAPE)),
    "tfl.transpose":           Rule(OnStorage(Transpose()),                 Transpose()),
    "tfl.depth_to_space":      Rule(OnStorage(DepthToSpace()),              DepthToSpace()),
    "tfl.space_to_depth":      Rule(OnStorage(SpaceToDepth()),              SpaceToDepth()),
    "tfl.concatenation":       Rule(StoredConcatenation(),                  Concatenation()),
    "tfl.pack":                Rule(OnStorage(Pack()),                      Pack()),
    "tfl.tile":                Rule(OnStorage(Tile()),                      ByStrings(Tile(), STRING_TILE)),
    "tfl.broadcast_to":        Rule(OnStorage(BroadcastTo()),               BroadcastTo()),
    "tfl.fill":                Rule(OnStorage(Fill()),                      ByStrings(Fill(), STRING_FILL)),
    "tfl.zeros_like":          Rule(None,                                   ZerosLike()),
    "tfl.shape":               Rule(OnStorage(Shape(), alike=False),        Shape()),
    "tfl.reverse_v2":          Rule(OnStorage(Reverse()),                   Reverse()),
    "tfl.space_to_batch_nd":   Rule(OnStorage(SpaceToBatchNd()),            SpaceToBatchNd()),
    "tfl.batch_to_space_nd":   Rule(OnStorage(BatchToSpaceNd()),            BatchToSpaceNd()),
    "tfl.reverse_sequence":    Rule(OnStorage(ReverseSequence(), alike=False), ReverseSequence()),
    "tfl.matrix_diag":         Rule(OnStorage(MatrixDiag(), alike=False),   MatrixDiag()),
    "tfl.matrix_set_diag":     Rule(OnStorage(MatrixSetDiag(), alike=False), MatrixSetDiag()),
    "tfl.rank":                Rule(OnStorage(Rank(), alike=False),         Rank()),
    "tfl.broadcast_args":      Rule(None,                                   BroadcastArgs()),
    "tfl.bitcast":             Rule(None,                                   Bitcast()),
    # slicing.py
    "tfl.slice":               Rule(OnStorage(Slice()),            ByStrings(Slice(), STRING_SLICE)),
    "tfl.strided_slice":       Rule(OnStorage(StridedSlice()),     ByStrings(StridedSlice(), STRING_STRIDED_SLICE)),
    "tfl.split":               Rule(OnStorage(Split(1, 0)),        Split(1, 0)),
    "tfl.split_v":             Rule(OnStorage(Split(0, 2, 1)),     Split(0, 2, 1)),
    "tfl.unpack":              Rule(OnStorage(Unpack()),           Unpack()),
    "tfl.dynamic_update_slice": Rule(OnStorage(DynamicUpdateSlice(), alike=False), DynamicUpdateSlice()),
    # padding.py
    "tfl.pad":            Rule(OnStorage(Pad(), alike=False),    Pad()),
    "tfl.padv2":          Rule(OnStorage(PadV2()),               PadV2()),
    "tfl.mirror_pad":     Rule(OnStorage(MirrorPad()),           MirrorPad()),
    "tfl.dilate":         Rule(OnStorage(Dilate(), alike=False), Dilate()),
    # gather.py
    "tfl.gather":                 Rule(OnStorage(Gather()),      ByStrings(Gather(), STRING_GATHER)),
    "tfl.gather_nd":              Rule(OnStorage(GatherNd()),    ByStrings(GatherNd(), STRING_GATHER_ND)),
    "tfl.embedding_lookup":       Rule(ByResult(OnStorage(EmbeddingLookup()), hybrid=HybridEmbeddingLookup()),
                                   EmbeddingLookup()),
    "tfl.scatter_nd":             Rule(OnStorage(ScatterNd(on_storage=True), alike=False), ScatterNd()),
    "tfl.sparse_to_dense":        Rule(OnStorage(SparseToDense()), SparseToDense()),
    "tfl.segment_sum":            Rule(float=SegmentFold("sum")),
    "tfl.unsorted_segment_sum":   Rule(float=SegmentFold("sum")),
    "tfl.unsorted_segment_prod":  Rule(float=SegmentFold("prod")),
    "tfl.unsorted_segment_max":   Rule(float=SegmentFold("max")),
    "tfl.unsorted_segment_min":   Rule(float=SegmentFold("min")),
    "tfl.embedding_lookup_sparse": Rule(float=EmbeddingLookupSparse()),
    "tfl.densify":                Rule(OnStorage(Densify(), alike=False), Densify()),
    "tfl.hashtable_lookup":       Rule(OnStorage(HashtableLookup(), alike=False),
                                   ByStrings(HashtableLookup(), STRING_HASHTABLE_LOOKUP)),
    # resize.py
    "tfl.resize_nearest_neighbor": Rule(OnStorage(Resize(bilinear=False)),  Resize(bilinear=False)),
    "tfl.resize_bilinear":         Rule(QuantizedBilinear(),                Resize(bilinear=True)),
    # no kernel
    "tfl.concat_embeddings":       unlowered("CONCAT_EMBEDDINGS has no TFLite kernel"),
}
