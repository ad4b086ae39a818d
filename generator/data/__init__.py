"""The data: read, validated and cross-checked once (load.py), the data set and its open bundle, the published URLs."""
