"""Read models: what the pages, documents and exports show, read from the models in a constant
number of queries and handed to the pure cores (history -> pairing and standings inputs).

Nothing here writes. Layers: views and public pages -> services -> reports and models -> pure cores.
"""
