"""One error tree for everything memlace raises on purpose.

MemlaceError
├── InvalidInput        bad message, id, query or argument; nothing was changed
│   └── MessageTooLarge
├── NotFound            no item with that id
├── ImportFormatError   an export file that is malformed or of an unknown schema version
├── StoreError          the backend failed (closed or corrupt database)
│   └── StorageFull     a full disk or the browser's storage quota; nothing was changed
└── ProviderError       an embedder or model call failed
"""

from __future__ import annotations


class MemlaceError(Exception):
    """Base of every error memlace raises on purpose. ``code`` is stable for RPC callers."""

    code = "memlace_error"


class InvalidInput(MemlaceError):
    code = "invalid_input"


class MessageTooLarge(InvalidInput):
    code = "message_too_large"


class NotFound(MemlaceError):
    code = "not_found"


class ImportFormatError(MemlaceError):
    code = "import_format"


class StoreError(MemlaceError):
    code = "store_error"


class StorageFull(StoreError):
    code = "storage_full"

    def __init__(self, where: str, detail: object) -> None:
        super().__init__(
            f"{where} is full, so nothing was changed and what is stored is intact; free space, or export and then "
            f"forget old memories and messages ({detail})"
        )


class ProviderError(MemlaceError):
    code = "provider_error"
