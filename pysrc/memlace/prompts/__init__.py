"""One module per LLM task: ``build(...)`` returns chat messages, ``parse(text)`` the validated answer.

Untrusted text (messages, memories) is always passed inside a fenced, labelled
data block and the instructions say it is data, never instructions.
"""
