"""cardtable: four card games whose rules run the same in the browser and headless."""

__version__ = "0.1.0"
