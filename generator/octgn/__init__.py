"""The one-off import of the OCTGN "Dragon Dice (SFR)" set XML (``python -m generator.importer``)."""
