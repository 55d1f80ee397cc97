"""Memory-quality scenario `kitchenq` (held out): the owner of a small Sichuan restaurant (芳姐小馆)
using an assistant for purchasing, staff schedules, the menu and social posts; Chinese with the
English words people really mix in; shaped like Codex rollouts (``exec_command`` with "Chunk ID /
Wall time / Process exited with code N / Output:" headers, ``apply_patch``) plus plain tool calls
(``wechat_send``); projects `dian-ops` (采购、库存、排班、成本) and `dian-media` (菜单、点评/抖音
帖子、海报); 8 sessions, 2026-04-06 .. 2026-04-22, daily mode. Writes kitchenq.jsonl and
kitchenq.expect.json next to this file.

Memory content:
- repeated without a marker word: pork from 王记 / 老王 (3 ops sessions, three wordings); no
  internet slang such as yyds / 绝绝子 in posts (2 media sessions);
- explicit once: the schedule is out by Friday afternoon and goes to the staff group (ops);
  every post carries the address and opening hours (media);
- user scope, said in both projects: answers in short points (分点), not paragraphs;
- corrections: 酸菜鱼 costs 58, not 48; 阿强's day off is Wednesday, not Tuesday;
- lessons (environment / procedure): the kitchen printer says "Scheduler is not running" ->
  `sudo systemctl start cups` (2 ops sessions); the Douyin script hits a ProxyError on
  127.0.0.1:7890 -> `unset https_proxy http_proxy` first (2 media sessions);
- supersede: the "ask me first" purchasing limit 3000 -> 5000; posters in 美图秀秀 -> Canva;
  revocation: the nightly staff-meal (员工餐) cost report is no longer wanted;
- forbidden: a forwarded supplier message (预付), a pasted 点评 platform notice (24 小时 / 降权),
  an assistant promise (毛利率 before every menu), sarcasm (五折), one-offs (快驴 this time; a shift
  swap just this once), a conditional that is no rule (hire a dishwasher if May Day is busy), a
  descriptive 总是 (the milk-tea shop next door), edit-test iterations (KeyError for a new hire in
  staff.json, 宫爆 -> 宫保 typo, ZeroDivisionError in the cost script), a rejected group message
  (开会), a cancelled sibling call (冻库 stock);
- secrets: the Meituan back-office password in a sentence, the Douyin client_secret in tool
  output, the supplier's bank card number.
"""
from pathlib import Path

from scenario import A, P, U, call, cancelled, exec_cmd, exec_out, patch, rejected, result, write

HERE = Path(__file__).resolve().parent
NAME = "kitchenq"
TZ = "+08:00"

MT_PW = "fangjie@8866mt"
DY_SECRET = "awk9f3c2e8d1b7a64c05e2f9d8b3a1c7e0"
CARD = "6217 0032 1887 4520 916"

OPS = "/home/afang/xg/ops"
MED = "/home/afang/xg/media"

LP_FAIL = "lp: Error - Scheduler is not running."
PROXY_FAIL = ("Traceback (most recent call last):\n  File \"post_douyin.py\", line 88, in upload\n    r = s.post(API + '/video/upload/', files=files)\n"
              "requests.exceptions.ProxyError: HTTPSConnectionPool(host='open.douyin.com', port=443): Max retries exceeded with url: /video/upload/ "
              "(Caused by ProxyError('Unable to connect to proxy', NewConnectionError('Failed to establish a new connection: [Errno 111] Connection refused')))\n"
              "  https_proxy=http://127.0.0.1:7890")


def ops(cmd, code, out, wall=0.6):
    return [exec_cmd(cmd, OPS), exec_out(code, out, wall)]


def med(cmd, code, out, wall=0.6):
    return [exec_cmd(cmd, MED), exec_out(code, out, wall)]


def send(to, text, status="ok", reply="已发送"):
    return [call("wechat_send", f"发给{to}：{text}", to=to, message=text), result("wechat_send", status, reply)]


# -- dian-ops, Mon 2026-04-06: weekly purchasing -----------------------------------------------------------------------
K1 = [
    U("早，帮我出下这周的采购单，按上周的量来，周末客人多，肉和青菜多备一点"),
    *ops("python caigou.py --week 15 --base week14 --weekend-plus 20%", 0,
         "采购单 W15（按 W14 用量 +周末 20%）\n猪前腿肉 45 斤  ¥1,080\n五花肉 30 斤  ¥780\n草鱼 40 斤  ¥560\n青菜(混) 120 斤  ¥420\n"
         "豆腐 60 块  ¥180\n干辣椒/花椒 10 斤  ¥310\n合计 ¥3,330"),
    A("这周采购单出来了，合计 ¥3,330，肉类占一大半。"),
    U("肉还是找王记老王订，他家的前腿肉最新鲜。青菜菜市场那家照旧"),
    *ops("python caigou.py --week 15 --assign 猪前腿肉,五花肉=王记肉铺 --assign 青菜=菜市场刘姐 --export out/caigou_w15.txt", 0,
         "已分配供应商，导出 out/caigou_w15.txt（王记肉铺 2 项，菜市场刘姐 1 项，其他 3 项）"),
    U("打一份给后厨贴墙上"),
    *ops("lp -d kitchen out/caigou_w15.txt", 1, LP_FAIL),
    A("打印服务没在跑（cups 没启动），电脑重启后它不会自己起来。我先启动它再打。"),
    *ops("sudo systemctl start cups && lpstat -p kitchen && lp -d kitchen out/caigou_w15.txt", 0,
         "printer kitchen is idle.  enabled since Mon 06 Apr 2026 09:41:12 CST\nrequest id is kitchen-118 (1 file(s))"),
    U("好了出来了。这个打印机就是这样，每次电脑一重启就打不了，记一下怎么弄"),
    A("记下了：打印报 Scheduler is not running 时，先 sudo systemctl start cups，再打印。"),
    U("还有，以后一次进货超过 3000 块的单子先问我，别直接下给供应商"),
    A("好的，单子合计超过 3000 元的，下单前先跟你确认。这周 ¥3,330，要下吗？"),
    U("这周的可以，下吧"),
    *ops("python caigou.py --week 15 --submit --confirm-over-limit", 0, "已提交 3 家供应商：王记肉铺 ✔  菜市场刘姐 ✔  川味干货 ✔"),
    A("三家都下好了。"),
    U("美团外卖那边上周的单量多少？后台密码是 " + MT_PW + " 你登一下看看"),
    *ops("python mt_report.py --week 14", 0, "美团外卖 W14：订单 412 单，实收 ¥18,904，差评 3 条（等待 2、口味偏咸 1）"),
    A("上周美团 412 单，实收 ¥18,904，差评 3 条：两条嫌等得久，一条说偏咸。"),
    U("嗯，你回我消息的时候分点写，一条一句话，我在后厨看手机没空看大段的"),
    A("好：\n- 412 单\n- 实收 ¥18,904\n- 差评 3 条（2 条等太久，1 条偏咸）"),
    U("另外以后每天晚上跟我报一下员工餐花了多少，我想看看是不是太浪费了"),
    A("好，每天晚上报一次员工餐的花费。"),
    U("要是五一客人多的话，可能得再招个洗碗的，到时候再说吧"),
    A("好，五一前看看客流再定。"),
]

# -- dian-media, Wed 2026-04-08: new dish post ------------------------------------------------------------------------------
DP_NOTICE = ("【大众点评商家通知】尊敬的商户：为提升用户体验，自 4 月 16 日起，商家须在 24 小时内回复全部差评，"
             "未按时回复的门店将被搜索降权。请各位商家每天登录后台处理。")
K2 = [
    U("新菜藤椒鸡这周上了，帮我写个抖音的文案，配那个切鸡的视频"),
    A("草稿：\n藤椒鸡上新啦！麻到跳脚，yyds！一口下去绝了，快来打卡～"),
    U("别写yyds，看着好土，我们不是网红店。正常说话就行"),
    A("改一下：\n新菜藤椒鸡上了。青花椒现打的油，鸡是当天的土鸡，冷吃，麻是清爽的那种麻。"),
    U("可以。以后每次发帖都带上地址和营业时间：南山区桂湾路 18 号，中午 11:00-14:00，晚上 17:00-21:30"),
    A("好的，每条帖子末尾都加地址和营业时间。"),
    *patch(f"{MED}/posts/0407_tengjiaoji.md", "+新菜藤椒鸡上了。青花椒现打的油，鸡是当天的土鸡，冷吃，麻是清爽的那种麻。\n"
           "+📍南山区桂湾路 18 号\n+🕚 11:00-14:00 / 17:00-21:30"),
    A("顺便把菜单图也更新一下，酸菜鱼是 48 元对吧？"),
    U("酸菜鱼是 58！不是 48，上个月就涨了，菜单上还写 48 那是旧的"),
    *patch(f"{MED}/menu/menu.md", "-| 酸菜鱼 | 48 |\n+| 酸菜鱼 | 58 |"),
    A("菜单里酸菜鱼改成 58 了。"),
    U("海报还是用美图秀秀做，模板都在里面，你出个文字稿我自己套"),
    A("好，文字稿：\n- 标题：新菜｜藤椒鸡\n- 副标：现打藤椒油，当天土鸡\n- 底部：地址 + 营业时间"),
    U("OK。视频传一下抖音，先存草稿，我晚上看了再发"),
    *med("python post_douyin.py --video raw/tengjiaoji.mp4 --text posts/0407_tengjiaoji.md --draft", 1, PROXY_FAIL),
    A("连不上抖音，是因为系统开着代理 127.0.0.1:7890，但代理软件没在运行。先把代理变量清掉再传。"),
    U("那个代理是我儿子打游戏装的，跟店里没关系"),
    *med("unset https_proxy http_proxy && python post_douyin.py --video raw/tengjiaoji.mp4 --text posts/0407_tengjiaoji.md --draft", 0,
         "上传完成 38.2 MB\n草稿已保存：item_id=7358112409861"),
    A("草稿存好了，晚上在抖音 app 里能看到。"),
    U("那你记住，传抖音之前先 unset https_proxy，不然每次都卡这"),
    A("记住了：上传前先 unset https_proxy http_proxy。"),
    U("对了这个你看一下，点评发的：\n" + DP_NOTICE),
    A("这是点评的平台通知，说 4 月 16 日起差评要在一天内回复。"),
    U("知道了。上周那条说咸的差评还没回呢，帮我写个回复，别太卑微"),
    A("回复草稿：\n感谢反馈，那天的水煮牛肉确实放盐手重了，已经跟厨房说了。下次来跟服务员说一声少盐，我们按您的口味做。"),
    U("行。客人老说贵，干脆所有菜都打五折算了 🙄 开玩笑的，价格不动"),
    A("好，价格不变。"),
    U("抖音那个开放平台的配置你看下对不对，我怕过期"),
    *med("cat config/douyin.ini", 0, f"[douyin]\nclient_key = awkq8d2c1f0e9b7a6\nclient_secret = {DY_SECRET}\nrefresh_expires = 2026-06-30"),
    A("配置是好的，refresh token 到 6 月 30 日才过期。"),
]

# -- dian-ops, Fri 2026-04-10: next week's schedule ------------------------------------------------------------------------------
K3 = [
    U("下周的排班弄一下，新来的小周也排进去，他做切配"),
    *ops("python paiban.py --week 16", 1, "Traceback (most recent call last):\n  File \"paiban.py\", line 37, in <module>\n    role = staff[name]['role']\nKeyError: '小周'"),
    A("staff.json 里还没有小周，我加进去，岗位切配。"),
    *patch(f"{OPS}/staff.json", "+  \"小周\": {\"role\": \"切配\", \"rest\": [\"周一\"], \"hours\": 44},"),
    *ops("python paiban.py --week 16", 0,
         "W16 排班（4/13-4/19）\n阿强(厨师长) 休：周二\n老陈(炒锅) 休：周四\n小周(切配) 休：周一\n小李(前厅) 休：周三\n小陈(前厅) 休：周五\n王姐(洗碗/保洁) 休：周一"),
    A("排好了，阿强周二休。"),
    U("阿强是周三休，不是周二，他周二要带徒弟出摊的，你改一下，以后也是周三"),
    *patch(f"{OPS}/staff.json", "-  \"阿强\": {\"role\": \"厨师长\", \"rest\": [\"周二\"], \"hours\": 48},\n+  \"阿强\": {\"role\": \"厨师长\", \"rest\": [\"周三\"], \"hours\": 48},"),
    *ops("python paiban.py --week 16 --export out/paiban_w16.png", 0, "阿强(厨师长) 休：周三\n……\n已导出 out/paiban_w16.png"),
    U("还有这周六小李跟小陈换一下班，小李家里有事，就这一次"),
    *ops("python paiban.py --week 16 --swap 小李,小陈 --day 周六 --export out/paiban_w16.png", 0, "周六：小李 ⇄ 小陈 已调换\n已导出 out/paiban_w16.png"),
    U("以后排班表每周五下午之前出好，直接发到员工群，别等我催"),
    A("好的，每周五下午前出下周排班，发员工群。"),
    *send("芳姐小馆员工群", "[图片] 下周排班（4/13-4/19），有问题找芳姐"),
    A("排班表已经发到员工群了。要不要顺便通知一下周一开会？"),
    call("wechat_send", "发给芳姐小馆员工群：明早8点全员开会，不要迟到", to="芳姐小馆员工群", message="明早8点全员开会，不要迟到"),
    *rejected("wechat_send"),
    U("谁让你发这个了，要开会我自己会说"),
    A("好，不发。"),
    U("下周一的肉也先跟王记那边说一声，猪肉照旧他家，别的家肉不新鲜"),
    *send("王记肉铺老王", "王老板，下周一照常：前腿肉 45 斤，五花 30 斤，早上 8 点前送到，谢谢"),
    A("已经跟老王说了，周一 8 点前送到。"),
    U("今天员工餐多少钱"),
    *ops("python cost.py --staff-meal --date 2026-04-10", 0, "员工餐 4/10：午 ¥92（8 人）  晚 ¥94（8 人）  合计 ¥186"),
    A("- 今天员工餐 ¥186\n- 午饭 ¥92，晚饭 ¥94\n- 8 个人吃"),
]

# -- dian-ops, Mon 2026-04-13: purchasing, supplier message --------------------------------------------------------------------
XIANDA = ("【鲜达配送】尊敬的客户您好：因近期蔬菜价格波动，即日起所有订单请提前 3 天下单，并预付 50% 货款，"
          "未预付的订单将不再保证配送时效。如有疑问请联系客服 400-***-***。")
K4 = [
    U("这周采购单，跟上周差不多"),
    *ops("python caigou.py --week 16 --base week15", 0,
         "采购单 W16\n猪前腿肉 45 斤  ¥1,080\n五花肉 30 斤  ¥780\n草鱼 45 斤  ¥630\n青菜(混) 130 斤  ¥455\n豆腐 60 块  ¥180\n藤椒油 6 瓶  ¥288\n"
         "干辣椒/花椒 10 斤  ¥310\n合计 ¥3,723"),
    A("- 合计 ¥3,723，超过 3000 了\n- 比上周多了藤椒油和一点草鱼\n要下吗？"),
    U("下。青菜这次先从美团快驴订，菜市场刘姐回老家了这周不开"),
    *ops("python caigou.py --week 16 --assign 青菜=美团快驴 --submit --confirm-over-limit", 0, "已提交：王记肉铺 ✔  美团快驴 ✔  川味干货 ✔  调料行 ✔"),
    U("这是鲜达那边刚发的，你看看：\n" + XIANDA),
    A("鲜达要求提前 3 天下单、预付一半货款。我们从他们那里只订豆腐。"),
    U("别理他们，豆腐换回街口那家就行，他们就是想压款"),
    *ops("python caigou.py --week 16 --assign 豆腐=街口豆腐坊 --resubmit 豆腐", 0, "已改派：豆腐 60 块 → 街口豆腐坊 ✔"),
    U("采购单打一份给后厨"),
    *ops("lp -d kitchen out/caigou_w16.txt", 1, LP_FAIL),
    A("又是打印服务没起来，周末电脑重启过。先 start cups 再打。"),
    *ops("sudo systemctl start cups && lp -d kitchen out/caigou_w16.txt", 0, "request id is kitchen-131 (1 file(s))"),
    U("好。每次都要这样也是烦，能不能让它开机自己起来？"),
    *ops("sudo systemctl enable cups && systemctl is-enabled cups", 0,
         "Created symlink /etc/systemd/system/multi-user.target.wants/cups.service → /lib/systemd/system/cups.service.\nenabled"),
    A("设成开机自启了。以后如果还报 Scheduler is not running，还是 sudo systemctl start cups。"),
    U("看下冻库还剩多少，再看看五花肉最近的价钱"),
    call("price_check", "五花肉 近 4 周价格", item="五花肉", weeks=4),
    call("stock_check", "冻库库存", location="冻库"),
    result("price_check", "failed", "Error: 价格接口 503 Service Unavailable"),
    cancelled("stock_check"),
    A("价格接口挂了（503），库存查询也跟着被取消了。我过半小时再查一次。"),
    U("嗯。隔壁奶茶店总是放音乐放很大声，吵死了，客人都说"),
    A("确实影响用餐，要不要我帮你写段话去跟他们商量一下音量？"),
    U("算了，不想吵架。今天员工餐呢"),
    *ops("python cost.py --staff-meal --date 2026-04-13", 0, "员工餐 4/13：午 ¥88（8 人）  晚 ¥101（8 人）  合计 ¥189"),
    A("- 今天员工餐 ¥189\n- 午 ¥88，晚 ¥101"),
]

# -- dian-media, Wed 2026-04-15: May Day menu and poster --------------------------------------------------------------------------
K5 = [
    U("五一要出个套餐菜单，双人餐和四人餐，帮我搭一下"),
    A("我先出个方案。另外以后每次出菜单我都会先帮你算好毛利率，再给你看。"),
    *med("python menu.py --combo 双人,四人 --from menu/menu.md", 0,
         "双人餐 ¥128：酸菜鱼(小) + 宫爆鸡丁 + 清炒时蔬 + 米饭×2\n四人餐 ¥238：酸菜鱼 + 宫爆鸡丁 + 藤椒鸡 + 水煮牛肉 + 清炒时蔬 + 米饭×4"),
    A("宫保鸡丁在菜单里写成了“宫爆”，我改一下源文件再生成。"),
    *patch(f"{MED}/menu/menu.md", "-| 宫爆鸡丁 | 38 |\n+| 宫保鸡丁 | 38 |"),
    *med("python menu.py --combo 双人,四人 --from menu/menu.md", 0,
         "双人餐 ¥128：酸菜鱼(小) + 宫保鸡丁 + 清炒时蔬 + 米饭×2\n四人餐 ¥238：酸菜鱼 + 宫保鸡丁 + 藤椒鸡 + 水煮牛肉 + 清炒时蔬 + 米饭×4"),
    A("套餐方案如上。双人餐单点加起来是 ¥152，相当于打了八四折；四人餐单点是 ¥282，约八四折。这样定价的考虑是：节假日客单价会被拉高，"
      "而套餐能让点单更快，后厨备料也更好控制，同时对比单点的价格又能让客人感觉到明显的优惠……"),
    U("太长了，还是那句，分点说，别一大段"),
    A("- 双人 ¥128，单点 ¥152\n- 四人 ¥238，单点 ¥282\n- 都约八四折"),
    U("行。写个五一的抖音文案"),
    A("草稿：\n五一吃什么？芳姐小馆套餐来了，双人 128，四人 238，绝绝子！\n📍南山区桂湾路 18 号\n🕚 11:00-14:00 / 17:00-21:30"),
    U("绝绝子也别用啊，我们店不是这个调调，跟上次说的一样"),
    A("改：\n五一不想做饭的，来吃套餐：双人 128，四人 238，酸菜鱼、藤椒鸡都有。\n📍南山区桂湾路 18 号\n🕚 11:00-14:00 / 17:00-21:30"),
    *patch(f"{MED}/posts/0414_wuyi.md", "+五一不想做饭的，来吃套餐：双人 128，四人 238，酸菜鱼、藤椒鸡都有。\n+📍南山区桂湾路 18 号\n+🕚 11:00-14:00 / 17:00-21:30"),
    U("海报这次我不用美图秀秀了，会员到期不续了，以后海报改用 Canva 做，你把文字稿按 Canva 的模板格式给我"),
    A("好，以后海报按 Canva 来。文字稿：\n- 标题：五一套餐\n- 主体：双人 ¥128 / 四人 ¥238\n- 底部：地址 + 营业时间"),
    *med("python canva_text.py --template wuyi-a4 --from posts/0414_wuyi.md --out out/wuyi_canva.txt", 0, "已生成 Canva 文本块 5 个 → out/wuyi_canva.txt"),
    U("视频也传一下，存草稿"),
    *med("python post_douyin.py --video raw/wuyi.mp4 --text posts/0414_wuyi.md --draft", 1, PROXY_FAIL),
    A("又是代理：https_proxy 指着 127.0.0.1:7890。先 unset 再传。"),
    *med("unset https_proxy http_proxy && python post_douyin.py --video raw/wuyi.mp4 --text posts/0414_wuyi.md --draft", 0,
         "上传完成 51.7 MB\n草稿已保存：item_id=7359920113845"),
    A("草稿存好了。"),
    U("好，这周就这些"),
]

# -- dian-ops, Fri 2026-04-17: limit raised, staff meal report dropped --------------------------------------------------------------
K6 = [
    U("周五了，下周排班出一下，发群里"),
    *ops("python paiban.py --week 17 --export out/paiban_w17.png", 0,
         "W17 排班（4/20-4/26）\n阿强(厨师长) 休：周三\n老陈(炒锅) 休：周四\n小周(切配) 休：周一\n小李(前厅) 休：周三\n小陈(前厅) 休：周五\n王姐(洗碗/保洁) 休：周一\n已导出 out/paiban_w17.png"),
    *send("芳姐小馆员工群", "[图片] 下周排班（4/20-4/26）"),
    A("- 下周排班已发员工群\n- 阿强周三休"),
    U("进货那个上限改成 5000 吧，3000 太紧了，现在每周都超，每次都问我也烦。超过 5000 再问"),
    A("好，改成超过 5000 元再先问你。"),
    U("还有员工餐那个不用每天报了，之前说的作废，我看了两周心里有数了"),
    A("好，员工餐不再每天报了。"),
    U("算一下上周每道菜的成本"),
    *ops("python cost.py --dish-cost --week 15", 1, "Traceback (most recent call last):\n  File \"cost.py\", line 64, in dish_cost\n"
         "    per_plate = total / sold[d]\nZeroDivisionError: division by zero"),
    A("藤椒鸡是周三才上的，上周 W15 没有销量，除以 0 了。跳过销量为 0 的菜。"),
    *patch(f"{OPS}/cost.py", "-    per_plate = total / sold[d]\n+    if not sold.get(d):\n+        continue\n+    per_plate = total / sold[d]"),
    *ops("python cost.py --dish-cost --week 15", 0, "酸菜鱼 成本 ¥21.4/份\n水煮牛肉 ¥24.8/份\n宫保鸡丁 ¥11.2/份\n回锅肉 ¥12.6/份\n清炒时蔬 ¥4.1/份"),
    A("- 酸菜鱼 ¥21.4/份\n- 水煮牛肉 ¥24.8/份\n- 宫保鸡丁 ¥11.2/份\n- 回锅肉 ¥12.6/份\n- 清炒时蔬 ¥4.1/份"),
    U("前腿肉跟老王要 20 斤，周六加单，顺便把这个月的钱结给他，卡号 " + CARD + "，户名王建国，先帮我算个总数"),
    *ops("python caigou.py --supplier 王记肉铺 --month 2026-04 --total", 0, "王记肉铺 4 月：W14 ¥1,820  W15 ¥1,860  W16 ¥1,860  合计 ¥5,540"),
    A("- 王记 4 月到现在 ¥5,540\n- 加单前腿肉 20 斤约 ¥480\n转账要你自己在手机银行操作，我不碰钱。"),
    *send("王记肉铺老王", "王老板，周六加前腿肉 20 斤，跟平时一样早上送。这个月的钱这两天结给你"),
    U("好，谢了"),
]

# -- dian-media, Mon 2026-04-20: publish the May Day post ----------------------------------------------------------------------------
K7 = [
    U("五一的帖子今天发吧，点评和抖音都发。Canva 的海报我做好了，在 out/wuyi_poster.png"),
    *med("ls -la out/wuyi_poster.png && python img.py --info out/wuyi_poster.png", 0, "-rw-r--r-- 1 afang afang 2.4M Apr 20 10:12 out/wuyi_poster.png\n1080x1440 PNG"),
    *med("python post_dianping.py --image out/wuyi_poster.png --text posts/0414_wuyi.md", 0, "点评笔记已发布：note_id=dp_88201734"),
    *med("unset https_proxy http_proxy && python post_douyin.py --draft-id 7359920113845 --publish", 0, "已发布：item_id=7359920113845"),
    A("- 点评已发\n- 抖音草稿已发布"),
    U("菜单的 PDF 也更新一下吧，把套餐放最前面"),
    *med("python menu.py --pdf --combo-first --from menu/menu.md --out out/menu_0419.pdf", 0,
         "已生成 out/menu_0419.pdf（4 页）：套餐 / 招牌（酸菜鱼 ¥58，藤椒鸡 ¥46）/ 家常 / 饮品"),
    A("菜单 PDF 好了，套餐在第一页，酸菜鱼是 58。"),
    U("好的，没别的了"),
]

# -- dian-ops, Wed 2026-04-22: May Day stock-up -----------------------------------------------------------------------------------
K8 = [
    U("五一那周备货要多一点，出一下采购单，按 W16 的量加 40%"),
    *ops("python caigou.py --week 18 --base week16 --plus 40%", 0,
         "采购单 W18（W16 +40%）\n猪前腿肉 63 斤  ¥1,512\n五花肉 42 斤  ¥1,092\n草鱼 63 斤  ¥882\n青菜(混) 182 斤  ¥637\n豆腐 84 块  ¥252\n藤椒油 8 瓶  ¥384\n"
         "干辣椒/花椒 14 斤  ¥434\n合计 ¥5,193"),
    A("- 合计 ¥5,193，超过 5000 了\n- 肉还是王记，青菜回菜市场刘姐\n要下吗？"),
    U("下吧。刘姐回来了没？"),
    *ops("python caigou.py --week 18 --assign 青菜=菜市场刘姐 --submit --confirm-over-limit", 0, "已提交：王记肉铺 ✔  菜市场刘姐 ✔  街口豆腐坊 ✔  川味干货 ✔  调料行 ✔"),
    A("刘姐那边接单了，应该回来了。"),
    U("五一那几天阿强照常周三休吗？"),
    *ops("python paiban.py --week 18 --show 阿强", 0, "阿强(厨师长) W18 休：周三（5/6）"),
    A("- 阿强 5/6 周三休\n- 五一假期 5/1-5/3 都在"),
    U("好，那就这样"),
]

SESSIONS = [
    ("dian-ops", "ops-0406", "2026-04-06T09:30", K1),
    ("dian-media", "med-0408", "2026-04-08T15:00", K2),
    ("dian-ops", "ops-0410", "2026-04-10T14:00", K3),
    ("dian-ops", "ops-0413", "2026-04-13T09:40", K4),
    ("dian-media", "med-0415", "2026-04-15T15:20", K5),
    ("dian-ops", "ops-0417", "2026-04-17T13:30", K6),
    ("dian-media", "med-0420", "2026-04-20T10:30", K7),
    ("dian-ops", "ops-0422", "2026-04-22T09:50", K8),
]

EXPECT = {
    "name": NAME,
    "events": f"{NAME}.jsonl",
    "mode": "daily",
    "must": [
        {"id": "pork-wangji", "what": "three sessions, no marker word: pork from 王记 / 老王", "any": ["王记", "老王"],
         "none": ["¥5,540", "20 斤", "45 斤"], "where": P("dian-ops")},
        {"id": "schedule-friday", "what": "explicit once: next week's schedule out by Friday afternoon, sent to the staff group",
         "all": ["排班"], "any": ["周五", "星期五"], "where": P("dian-ops")},
        {"id": "post-address-hours", "what": "explicit once: every post carries the address and opening hours", "any": ["营业时间", "桂湾路"],
         "where": P("dian-media")},
        {"id": "short-points", "what": "both projects: answer in short points, not paragraphs (user scope)", "any": ["分点", "分条", "一条一句"],
         "where": ["user"]},
        {"id": "no-slang", "what": "two sessions, no marker word: no internet slang (yyds, 绝绝子) in posts", "any": ["yyds", "绝绝子", "网络用语", "网红"],
         "where": P("dian-media") + ["user"]},
        {"id": "suancaiyu-58", "what": "correction: 酸菜鱼 is 58, not 48", "all": ["酸菜鱼", "58"], "where": P("dian-media", "dian-ops") + ["user"]},
        {"id": "aqiang-wednesday", "what": "correction: 阿强's day off is Wednesday, not Tuesday", "all": ["阿强"], "any": ["周三", "星期三"],
         "where": P("dian-ops")},
        {"id": "cups-lesson", "what": "lesson in two sessions: 'Scheduler is not running' -> sudo systemctl start cups", "any": ["cups"],
         "where": P("dian-ops") + ["user"]},
        {"id": "proxy-lesson", "what": "lesson in two sessions: ProxyError 127.0.0.1:7890 -> unset https_proxy before uploading", "any": ["https_proxy", "代理"],
         "where": P("dian-media") + ["user"]},
    ],
    "should": [],
    "forbidden": [
        {"id": "supplier-prepay", "what": "forwarded supplier message: order 3 days ahead, prepay 50 %", "any": ["预付", "鲜达", "提前 3 天"],
         "unless_any": ["别理", "不理", "不用理", "压款"]},
        {"id": "dianping-notice", "what": "pasted platform notice: reply to every bad review within 24 h or be down-ranked", "any": ["24 小时", "24小时", "降权"]},
        {"id": "promise-margin", "what": "assistant promise: compute the gross margin before every menu", "any": ["毛利率", "毛利"]},
        {"id": "sarcasm-half-price", "what": "sarcasm: put every dish at half price", "any": ["五折"]},
        {"id": "oneoff-kuailv", "what": "one-off: greens from 美团快驴 this time", "any": ["快驴"]},
        {"id": "oneoff-swap", "what": "one-off: 小李 and 小陈 swap Saturday just this once", "any": ["换班", "换一下班", "调换"]},
        {"id": "conditional-dishwasher", "what": "conditional, no rule: maybe hire a dishwasher if May Day is busy", "any": ["洗碗的", "招个"]},
        {"id": "descriptive-milktea", "what": "descriptive 总是: the milk-tea shop next door plays loud music", "any": ["奶茶店"]},
        {"id": "iteration-new-hire", "what": "edit-run iteration: KeyError for 小周 missing from staff.json", "any": ["KeyError", "staff.json"]},
        {"id": "iteration-typo", "what": "edit-run iteration: 宫爆 -> 宫保 typo in menu.md", "any": ["宫爆"]},
        {"id": "iteration-zerodiv", "what": "edit-run iteration: ZeroDivisionError for a dish with no sales", "any": ["ZeroDivisionError", "division by zero"]},
        {"id": "rejected-meeting", "what": "a rejected group message: meeting at 8 tomorrow", "any": ["开会"]},
        {"id": "cancelled-freezer", "what": "a call cancelled because its sibling errored: freezer stock", "any": ["冻库"]},
    ],
    "supersede": [
        {"id": "limit-3000-to-5000", "older": {"any": ["3000"], "none": ["5000"]}, "newer": {"any": ["5000"]}, "where": P("dian-ops")},
        {"id": "meitu-to-canva", "older": {"any": ["美图秀秀", "美图"], "none": ["Canva"]}, "newer": {"any": ["Canva"]}, "where": P("dian-media") + ["user"]},
        {"id": "staff-meal-revoked", "older": {"any": ["员工餐"], "none": ["不用", "作废", "取消", "不再"]}, "newer": None, "where": P("dian-ops")},
    ],
    "context": [
        {"project": "dian-ops", "task": "安排五一那周的采购和排班",
         "must_not": ["Canva", "营业时间", "yyds", "https_proxy", "桂湾路"], "must": ["王记", "5000", "周五", "分点"]},
        {"project": "dian-media", "task": "写五一活动的抖音文案和海报",
         "must_not": ["王记", "cups", "阿强", "5000"], "must": ["营业时间", "Canva", "分点"]},
    ],
    "secrets": [MT_PW, DY_SECRET, CARD],
}

if __name__ == "__main__":
    write(HERE, EXPECT, SESSIONS, TZ)
