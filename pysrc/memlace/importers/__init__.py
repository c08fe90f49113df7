"""Chat history from elsewhere: ChatGPT's and Claude's data exports and a documented JSON lines format, read
as a stream of conversations (formats: pure parsing; stream: files, zips and incremental JSON; job: the
import itself, in batches, idempotent)."""
