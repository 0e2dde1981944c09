"""Regenerate the shipped .docx and .pdf documents of kb-zh and kb-en from the text below.

The files are committed, so nobody needs to run this; it documents where they came from.
Chinese PDF text needs a CJK font: Debian's fonts-wqy-microhei (``apt-get install
fonts-wqy-microhei``). Run: ``.venv/bin/python goldensets/_build/make_binary_docs.py``.
"""

from __future__ import annotations

from pathlib import Path

import docx
from fpdf import FPDF

ROOT = Path(__file__).resolve().parents[1]
CJK_FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"


def write_docx(path: Path, title: str, blocks: list[tuple[str, object]]) -> None:
    document = docx.Document()
    document.core_properties.title = title
    document.core_properties.author = "ragbench"
    for kind, value in blocks:
        if kind.startswith("h"):
            document.add_heading(str(value), level=int(kind[1]))
        elif kind == "p":
            document.add_paragraph(str(value))
        elif kind == "table":
            rows = list(value)  # type: ignore[arg-type]
            table = document.add_table(rows=len(rows), cols=len(rows[0]))
            table.style = "Table Grid"
            for r, row in enumerate(rows):
                for c, cell in enumerate(row):
                    table.cell(r, c).text = cell
    # Fixed timestamps keep the bytes (and so the index key) stable across regenerations.
    import datetime

    stamp = datetime.datetime(2024, 1, 1)
    document.core_properties.created = stamp
    document.core_properties.modified = stamp
    document.save(str(path))


def write_pdf(path: Path, title: str, pages: list[list[str]], cjk: bool) -> None:
    pdf = FPDF()
    pdf.set_title(title)
    pdf.set_creation_date(__import__("datetime").datetime(2024, 1, 1, tzinfo=__import__("datetime").UTC))
    if cjk:
        pdf.add_font("wqy", fname=CJK_FONT)
        pdf.set_font("wqy", size=11)
    else:
        pdf.set_font("Helvetica", size=11)
    for lines in pages:
        pdf.add_page()
        for line in lines:
            pdf.multi_cell(0, 7, line)
            pdf.ln(2)
    pdf.output(str(path))


def kb_zh() -> None:
    docs = ROOT / "kb-zh" / "docs"
    write_docx(docs / "reimbursement-rules.docx", "费用报销细则", [
        ("h1", "费用报销细则"),
        ("p", "本细则适用于差旅以外的日常费用报销，差旅费用按《差旅管理办法》执行。"),
        ("h2", "一、审批权限"),
        ("p", "报销金额不同，审批人不同，具体如下表："),
        ("table", [["单笔金额", "审批人", "财务处理时限"],
                   ["5,000 元及以下", "部门经理", "5 个工作日"],
                   ["5,000 元至 20,000 元", "部门经理 + 财务总监", "7 个工作日"],
                   ["20,000 元以上", "部门经理 + 财务总监 + 总经理", "10 个工作日"]]),
        ("h2", "二、业务招待"),
        ("p", "业务招待费人均标准：普通客户每人不超过 200 元，重要客户每人不超过 400 元。"
              "招待须事前在 OA 申请，注明客户单位和人数。"),
        ("h2", "三、票据要求"),
        ("p", "报销须提供增值税发票，抬头为“青禾科技有限公司”。单张发票金额在 1,000 元以上的，还须附付款记录。"),
        ("h2", "四、借款"),
        ("p", "员工借款须在业务完成后 30 日内冲账，逾期未冲账的，财务部将从当月工资中扣回。"),
    ])
    write_pdf(docs / "email-outage-runbook.pdf", "邮件系统故障处理手册", [
        ["邮件系统故障处理手册",
         "一、适用范围",
         "本手册供 IT 运维值班人员处理企业邮箱无法收发、登录失败和延迟投递等故障。",
         "二、初步判断",
         "先在监控平台查看邮件网关 MX-01 与 MX-02 的状态。若两台网关均告警，按 P1 事件处理，"
         "15 分钟内电话通知 IT 运维部经理。",
         "若只有个别用户无法登录，先检查其账号是否因连续输错密码被锁定。"],
        ["三、常见故障",
         "错误码 MAIL-550：收件地址不存在，请核对地址拼写。",
         "错误码 MAIL-421：网关连接数超限，在网关控制台将最大并发连接数从 500 临时调高到 800。",
         "投递延迟超过 30 分钟：检查队列积压，必要时重启投递服务 mailq-worker。",
         "四、恢复与复盘",
         "故障恢复后 2 个工作日内，值班人员须提交故障复盘报告，说明原因、影响范围和改进措施。"],
    ], cjk=True)


def kb_en() -> None:
    docs = ROOT / "kb-en" / "docs"
    write_docx(docs / "equipment-request.docx", "Equipment Request Procedure", [
        ("h1", "Equipment Request Procedure"),
        ("p", "Employees request laptops, monitors and other equipment through the IT portal."),
        ("h2", "Standard equipment"),
        ("table", [["Role", "Laptop", "Monitors", "Replacement cycle"],
                   ["Engineering", "16-inch, 32 GB RAM", "2", "3 years"],
                   ["Sales", "14-inch, 16 GB RAM", "1", "4 years"],
                   ["Operations", "14-inch, 16 GB RAM", "1", "4 years"]]),
        ("h2", "Approvals"),
        ("p", "Standard equipment needs only the manager's approval. Anything outside the table, "
              "or costing more than 2,500 USD, also needs approval from the IT director."),
        ("h2", "Returns"),
        ("p", "Equipment must be returned to the IT desk within 5 working days of leaving the company."),
    ])
    write_pdf(docs / "onboarding-guide.pdf", "New Hire Onboarding Guide", [
        ["New Hire Onboarding Guide",
         "Day one",
         "Arrive at 9:30 am and ask for the People team at the reception on the ground floor. "
         "Bring a photo ID and your signed contract.",
         "Your laptop is prepared in advance and handed over during the IT session at 11 am."],
        ["The first month",
         "Complete the security awareness course within your first 14 days; access to production "
         "systems is only granted after it is passed.",
         "Your buddy meets you weekly during the first month. The probation period lasts 90 days "
         "and ends with a review with your manager."],
    ], cjk=False)


if __name__ == "__main__":
    kb_zh()
    kb_en()
