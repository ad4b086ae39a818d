"""Site generator: data -> pages."""
