"""Realistic secrets (all fake) and near-misses for the redaction tests.

``SECRETS``: ``(name, sentence, needle)`` — the sentence is what an agent
might see in a prompt, a tool output or a file; ``needle`` is the part that
must be found nowhere under the home and in no output. ``NEAR_MISSES``:
text that looks a bit like a secret but is not one and must survive
unredacted (ids, hashes, prose about passwords, short tokens).
"""

from __future__ import annotations

SECRETS: list[tuple[str, str, str]] = [
    ("aws-access-key", "export AWS_ACCESS_KEY_ID=AKIAZ7Q2LX4M9T3B8WNC", "AKIAZ7Q2LX4M9T3B8WNC"),
    ("aws-secret-key", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq8Lm3Nk0T", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq8Lm3Nk0T"),
    ("github-classic", "git clone https://github.com/dana/x && GH_TOKEN=ghp_4fQ9zR2mXk7LpW3sT8vB1nC6yH0dJ5aE2gUi", "ghp_4fQ9zR2mXk7LpW3sT8vB1nC6yH0dJ5aE2gUi"),
    ("github-fine-grained", "token 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0n", "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0n"),
    ("gitlab", "CI uses glpat-Xy7Zq2Wv9Rt4Lm8Np3Ks in the runner", "glpat-Xy7Zq2Wv9Rt4Lm8Np3Ks"),
    ("slack-bot", "SLACK_BOT_TOKEN=xoxb-2718281828-3141592653589-AbCdEfGhIjKlMnOpQrStUvWx", "xoxb-2718281828-3141592653589-AbCdEfGhIjKlMnOpQrStUvWx"),
    ("slack-webhook", "post to https://hooks.slack.com/services/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", "T01ABCD2E/B03FGHI4J/q9W8e7R6t5Y4u3I2o1P0aSdF"),
    ("openai-project", "OPENAI_API_KEY=sk-proj-Qw3Er5Ty7Ui9Op1As3Df5Gh7Jk9Lz1Xc3Vb5Nm7Qw9Er1Ty3", "sk-proj-Qw3Er5Ty7Ui9Op1As3Df5Gh7Jk9Lz1Xc3Vb5Nm7Qw9Er1Ty3"),
    ("anthropic", "use key sk-ant-api03-Zx8Cv6Bn4Mq2Wd0Ef9Rg7Th5Yj3Uk1Il-AbCdEf12 for the eval", "sk-ant-api03-Zx8Cv6Bn4Mq2Wd0Ef9Rg7Th5Yj3Uk1Il-AbCdEf12"),
    ("stripe-live", "stripe.api_key = 'sk_live_51HxQ2eKp9Zr7Lm3Nq8Wv4Ty'", "sk_live_51HxQ2eKp9Zr7Lm3Nq8Wv4Ty"),
    ("stripe-restricted", "rk_live_4eC39HqLyjWDarjtT1zdp7dc is the restricted key", "rk_live_4eC39HqLyjWDarjtT1zdp7dc"),
    ("google-api", "maps key AIzaSyD3x9Qm2Lp7Wr4Tz8Kn1Vb6Hc0Fg5Jy3Ue is in config.js", "AIzaSyD3x9Qm2Lp7Wr4Tz8Kn1Vb6Hc0Fg5Jy3Ue"),
    ("npm", "//registry.npmjs.org/:_authToken=npm_Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc1Ef3Hi5", "npm_Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc1Ef3Hi5"),
    ("huggingface", "huggingface-cli login --token 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", "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"),
    ("jwt", "cookie session=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkYW5hIiwiYWRtaW4iOnRydWV9.m3Pq8Zr2Lx7Wk4Tn9Vb1Hc6Fg0Jy5Ue3Sd", "eyJzdWIiOiJkYW5hIiwiYWRtaW4iOnRydWV9.m3Pq8Zr2Lx7Wk4Tn9Vb1Hc6Fg0Jy5Ue3Sd"),
    ("bearer", "curl -H 'Authorization: Bearer 8f2Kq9Lm3Xw7Pz1Rt5Vn0Bc4Hd6Jy2Ua' https://api.example.com", "8f2Kq9Lm3Xw7Pz1Rt5Vn0Bc4Hd6Jy2Ua"),
    ("basic-auth", "curl -H 'Authorization: Basic ZGFuYTpDb3JyZWN0SG9yc2U5OQ==' https://ci.example.com", "ZGFuYTpDb3JyZWN0SG9yc2U5OQ=="),
    ("url-password", "DATABASE_URL=postgres://invoicer:Pg5ecr3t!x9@db.internal:5432/invoicer", "Pg5ecr3t!x9"),
    ("password-assign", "login with password=hunter2x7 please", "hunter2x7"),
    ("env-password", "MYSQL_ROOT_PASSWORD=Zq7Lk2Mp9Xw", "Zq7Lk2Mp9Xw"),
    ("env-secret-key", "DJANGO_SECRET_KEY='p8#xk2!lm9@qw7zr4tv'", "p8#xk2!lm9@qw7zr4tv"),
    ("json-api-key", '{"api_key": "zq8Kf93LmXw0Pq7Rt2Vb"}', "zq8Kf93LmXw0Pq7Rt2Vb"),
    ("client-secret", "client_secret: Xk9-Lm2_Qw7.Rt4~Zp", "Xk9-Lm2_Qw7.Rt4~Zp"),
    ("zh-password", "我的12306密码是 Tq9mLp2Wz，帮我登录", "Tq9mLp2Wz"),
    ("zh-key", "数据库口令：Hx7Qm2Kp9，别外传", "Hx7Qm2Kp9"),
    ("rsa-private", "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAq7Zr9Lm2Xw8Pk3Tn\nQw9Er1Ty3Ui5Op7As9Df1Gh3Jk5Lz7Xc\n-----END RSA PRIVATE KEY-----", "MIIEowIBAAKCAQEAq7Zr9Lm2Xw8Pk3Tn"),
    ("openssh-private", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\nAAAAMwAAAAtzc2gtZWQyNTUxOQAAACB7\n-----END OPENSSH PRIVATE KEY-----", "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ"),
]

# Must survive unredacted, byte for byte.
NEAR_MISSES: list[str] = [
    "The password reset email was sent to dana@example.com.",
    "Forgot password? Click the link.",
    "Use `docker login --password-stdin` instead of a flag.",
    "commit 9b1f3c0e7a2d4b5c6e8f0a1b2c3d4e5f6a7b8c9d fixed the totals row",
    "request id 7c1e9a42-5b3d-4f08-9e21-c4d7a86b13f0",
    "The token count was 1234 for that prompt.",
    "We use sk-learn style pipelines (scikit-learn).",
    "AKIA is the prefix of AWS access key ids.",
    "the secret sauce is good tests",
    "session s_0611_invoicer_rounding ended at 18:00",
    "ghp_ tokens start with ghp_ and are 40 characters long",
    "Set the env var PASSWORD_FILE to the path of the file.",
    "密码错误，请重试。",
    "passwords must be at least 12 characters",
    "pk_test is the test-mode prefix",
    "apply_patch updated invoicer/pdf.py",
    "xox is a game",
    "base64 of hello is aGVsbG8=",
]
