"""Text helpers shared by the modules that must treat a query exactly as the TypeScript SDK does."""

__all__ = ["js_trim"]

# JavaScript's String.prototype.trim: WhiteSpace and LineTerminator (not Python's str.isspace set).
_JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff" + "".join(
    chr(c) for c in range(0x2000, 0x200B)
)


def js_trim(text: str) -> str:
    return text.strip(_JS_SPACE)
