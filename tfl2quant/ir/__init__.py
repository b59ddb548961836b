"""The IR: types, attributes, operations, printing."""
