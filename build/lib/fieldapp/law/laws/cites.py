"""The screens' citations in the town's law. The clerk's and officer's screens are written to the
local law's sections ("Spayed or neutered? (§5(C))"); `cite` keeps them under a local law and, in a
town under the state law alone, puts the statute's own section in their place ("AML §110(1)") or
drops the citation where the statute has none (§5(K), the Board's enumeration, is the local law's
alone): a clerk must never be pointed to a section the town's law does not have.
"""
import re

# A local law's section: "§5(E)(1)", "§9", "§10(B)(4)"; not a statute's ("AML §110(3)", "CPL §150.40(2)",
# "GCL §24", "General Construction Law §24").
_LOCAL = re.compile(r"(?<!AML )(?<!CPL )(?<!PHL )(?<!GCL )(?<!Law )§\d+(?:\([A-Za-z0-9]+\))*(?![\d.])")
_TIDY = (
    (re.compile(r"\(\s*(?:,\s*)*\)"), ""),  # "(§5(K))" gone: no empty brackets
    (re.compile(r"\(\s*,\s*"), "("), (re.compile(r",\s*\)"), ")"), (re.compile(r",\s*(?=,)"), ""),
    (re.compile(r"(AML §[\w()]+)(?:, \1)+"), r"\1"),  # "(AML §109(1)(a), AML §109(1)(a))"
    (re.compile(r",\s*:"), ":"), (re.compile(r"  +"), " "), (re.compile(r" +([.,;:)])"), r"\1"),
)
# "§5(B)(1): the owner must" with the section gone, at the start or after a sentence.
_LEAD = re.compile(r"(^|[.!?])\s*[,:]\s*(\w)")


def section_in(law, local_section: str) -> str:
    """`local_section` as `law` cites it: itself under a local law; under the state law the
    statute's section the law maps it to, else "" (an enclosing section's counterpart is not
    assumed: §5(G) the tag is AML §111(1), §5(G)(2) the replacement tag's fee is not)."""
    return local_section if law.local else law.local_sections.get(local_section, "")


def cite(law, text: str) -> str:
    """`text` (a label, hint or heading written to the local law) citing `law`'s sections."""
    if law.local or not text or "§" not in text:
        return text
    out = _LOCAL.sub(lambda m: section_in(law, m.group(0)), text)
    for pattern, repl in _TIDY:
        out = pattern.sub(repl, out)
    if not re.search(r"\w", out):  # ", §5(H)" with the section gone: nothing to say
        return ""
    lead = text[:len(text) - len(text.lstrip())]  # " (§9)" after a word keeps its space
    return lead + _LEAD.sub(lambda m: m.group(1) + (" " if m.group(1) else "") + m.group(2).upper(), out).strip()


def cite_in_town_law(text: str) -> str:
    """`cite` in the town acted for (templates: {{ cite("Tag (§5(G))") }}, and the forms' labels)."""
    from ...town import current_law
    return cite(current_law(), text)


class CitesTownLaw:
    """A form mixin: its labels, choices and error messages, written to the local law's sections,
    cite the town's law's (WTForms builds them per form, so the town acted for is known here)."""

    def __init__(self, *args, **kwargs):
        from ...town import current_law
        super().__init__(*args, **kwargs)
        self._cite_fields(self, current_law())

    @staticmethod
    def _cite_fields(form, law):
        if law.local:
            return
        for f in form:
            f.label.text = cite(law, f.label.text)
            if getattr(f, "choices", None) and not callable(f.choices) and not isinstance(f.choices, dict):
                f.choices = [(c[0], cite(law, c[1]), *c[2:]) if isinstance(c, tuple) else c for c in f.choices]
            if f.type == "FormField":  # fields inside a form
                CitesTownLaw._cite_fields(f.form, law)

    def validate(self, *args, **kwargs):
        ok = super().validate(*args, **kwargs)
        for f in self:
            if isinstance(f.errors, list):
                f.errors[:] = [cite_in_town_law(e) if isinstance(e, str) else e for e in f.errors]
        return ok
