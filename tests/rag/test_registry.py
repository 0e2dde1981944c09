from __future__ import annotations

from typing import Annotated, Literal

import pytest
from pydantic import BeforeValidator, PositiveInt

from rag.errors import ConfigError, UnknownComponentError
from rag.registry import ComponentSpec, Registry

Langs = Annotated[tuple[str, ...], BeforeValidator(lambda v: tuple(v.split(",")) if isinstance(v, str) else v)]


def make() -> Registry[object]:
    reg: Registry[object] = Registry("widget")

    @reg.register("heading_aware", version="3", aliases=("headings",))
    def heading_aware(*, max_chars: int = 800, header: bool = True) -> object:
        return ("built", max_chars, header)

    @reg.register("fixed")
    def fixed(*, size: int = 100) -> object:
        return ("fixed", size)

    return reg


def test_bare_name_and_mapping_are_the_same_spec() -> None:
    assert ComponentSpec.model_validate("fixed") == ComponentSpec(name="fixed", params={})
    assert str(ComponentSpec(name="fixed", params={"size": 3})) == "fixed(size=3)"


def test_build_passes_params() -> None:
    reg = make()
    assert reg.build({"name": "heading_aware", "params": {"max_chars": 5}}) == ("built", 5, True)
    assert reg.build("headings") == ("built", 800, True)


def test_unknown_name_suggests_the_nearest() -> None:
    with pytest.raises(UnknownComponentError) as info:
        make().get("heading_awre")
    message = str(info.value)
    assert "did you mean 'heading_aware'" in message
    assert "known: fixed, heading_aware" in message


def test_unknown_param_is_named_with_suggestion() -> None:
    with pytest.raises(ConfigError) as info:
        make().build({"name": "heading_aware", "params": {"max_char": 5}}, field_path="chunker")
    assert info.value.field == "chunker.params.max_char"
    assert "did you mean 'max_chars'" in str(info.value)


def test_param_types_are_validated() -> None:
    with pytest.raises(ConfigError) as info:
        make().build({"name": "fixed", "params": {"size": "big"}})
    assert info.value.field == "params.size"


def test_describe_fills_defaults_so_equal_components_describe_equal() -> None:
    reg = make()
    a = reg.describe("heading_aware")
    b = reg.describe({"name": "heading_aware", "params": {"max_chars": 800}})
    assert a == b == {"kind": "widget", "name": "heading_aware", "version": "3",
                      "params": {"max_chars": 800, "header": True}}
    assert reg.describe({"name": "heading_aware", "params": {"max_chars": 300}}) != a


def test_duplicate_registration_is_refused() -> None:
    reg = make()
    with pytest.raises(ValueError, match="registered twice"):
        reg.register("fixed")(lambda: None)


def test_module_attr_names_import_a_users_factory() -> None:
    reg = make()
    entry = reg.get("tests.rag.test_registry:external_factory")
    assert entry.factory(scale=2) == 2.0
    with pytest.raises(UnknownComponentError, match="cannot import"):
        reg.get("tests.rag.test_registry:missing")


def external_factory(*, scale: float = 1.0) -> float:
    return scale


def test_param_values_are_checked_without_building_and_never_echoed() -> None:
    """``check`` (what loading a config runs) rejects a value its annotation refuses, naming the
    field, before anything is built; the message never repeats the value (it may be a secret)."""
    reg: Registry[object] = Registry("widget")
    built = []

    @reg.register("gate")
    def gate(*, scope: Literal["all", "prose"] = "all", token: int = 0) -> object:
        built.append(scope)
        return scope

    assert reg.check(ComponentSpec(name="gate", params={"scope": "prose"})).name == "gate"
    with pytest.raises(ConfigError) as info:
        reg.check(ComponentSpec(name="gate", params={"scope": "Prose"}), field_path="answerability")
    assert info.value.field == "answerability.params.scope" and "'all' or 'prose'" in str(info.value)
    with pytest.raises(ConfigError) as info:
        reg.check(ComponentSpec(name="gate", params={"token": "sk-secret-value"}))
    assert "sk-secret-value" not in str(info.value)
    assert built == []


def test_value_checks_read_constraints_and_converters_in_annotations() -> None:
    """``PositiveInt`` is ``Annotated[int, Gt(0)]``: 0 is refused when the config is loaded; a
    factory whose annotation converts its input (a ``BeforeValidator``) gets it converted, as
    building does."""
    reg: Registry[object] = Registry("widget")

    @reg.register("top")
    def top(*, k: PositiveInt = 3, langs: Langs = ("en",)) -> object:
        return k, langs

    with pytest.raises(ConfigError) as info:
        reg.check(ComponentSpec(name="top", params={"k": 0}), field_path="retrievers.0")
    assert info.value.field == "retrievers.0.params.k"
    assert reg.build({"name": "top", "params": {"langs": "en,zh"}}) == (3, ("en", "zh"))
