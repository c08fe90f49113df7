"""The parts behind the ``Memlace`` facade, one responsibility each, over one shared ``Engine``:

- ``context``    the ports, the in-memory state, settings, counters, and the one locked write path
- ``usage``      access counts, co-retrieval and gaps noted by retrieval, written with the next write
- ``vectors``    which texts an item is embedded as, context vectors, the vector index kept in step
- ``ingestion``  a message becomes an episode, its extraction becomes memories and entities
- ``retrieval``  the context pack (and its trace), with the optional LLM selector
- ``inspection`` read-only views: one item with its history, lists, graph neighbourhoods, stats
- ``commands``   a user's corrections (edit, confirm, retract, feedback, forget) and maintenance
- ``transfer``   export and import of whole profiles
"""
