<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ActivationsPanel</name>
    <message>
        <location filename="../../gatelab/ui/activations_panel.py" line="+92"/>
        <source>Activation functions f(z) (solid) and derivatives f′(z) (dashed)</source>
        <translation>激活函数 f(z)（实线）及其导数 f′(z)（虚线）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>z (pre-activation, unitless)</source>
        <translation>z（预激活值，无量纲）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>f(z), f′(z)</source>
        <translation>f(z), f′(z)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>SiLU&apos;s minimum</source>
        <translation>SiLU 的最小值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SiLU min {0} at z = {1}</source>
        <translation>SiLU 最小值 {0}，位于 z = {1}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Drag to probe the curves at z</source>
        <translation>拖动以在 z 处探测各曲线</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Hover over the plot to read every curve at that z.</source>
        <translation>将鼠标悬停在图上，读取该 z 处每条曲线的值。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>What the curves do at the probe z, in plain words</source>
        <translation>用通俗的话说明各曲线在探针 z 处的表现</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Activations shown</source>
        <translation>显示的激活函数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Show {0} and its derivative</source>
        <translation>显示 {0} 及其导数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Show derivatives f′(z) (dashed)</source>
        <translation>显示导数 f′(z)（虚线）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draw each activation&apos;s exact derivative</source>
        <translation>绘制每个激活函数的精确导数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Range and probe</source>
        <translation>范围与探针</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Left end of the z axis</source>
        <translation>z 轴左端</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Right end of the z axis</source>
        <translation>z 轴右端</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Probe position z (or drag the vertical line)</source>
        <translation>探针位置 z（也可拖动竖线）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>z min</source>
        <translation>z 最小值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>z max</source>
        <translation>z 最大值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>probe z</source>
        <translation>探针 z</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Readout at z</source>
        <translation>z 处读数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>activation</source>
        <translation>激活函数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exact value and derivative of each shown activation at z</source>
        <translation>所显示的每个激活函数在 z 处的精确值和导数</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>z must be a finite number</source>
        <translation>z 必须是有限数</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>z min must be below z max ({0})</source>
        <translation>z 最小值必须小于 z 最大值（{0}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>z min must be at least {0}: the range may be at most 10⁶ wide</source>
        <translation>z 最小值不能小于 {0}：范围宽度最多为 10⁶</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>z max must be above z min ({0})</source>
        <translation>z 最大值必须大于 z 最小值（{0}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>z max must be at most {0}: the range may be at most 10⁶ wide</source>
        <translation>z 最大值不能大于 {0}：范围宽度最多为 10⁶</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>hover z = {0}:  {1}</source>
        <translation>悬停 z = {0}：  {1}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no curve shown</source>
        <translation>未显示曲线</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>dashed: derivative f′(z)</source>
        <translation>虚线：导数 f′(z)</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>z ≤ −5: SiLU ≈ {0} is nearly 0 like ReLU, and its gradient {1} is tiny but not exactly 0.</source>
        <translation>z ≤ −5：SiLU ≈ {0}，与 ReLU 一样几乎为 0；其梯度 {1} 很小，但并不严格为 0。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Near SiLU&apos;s minimum: it bottoms out at {0} at z = {1}; its gradient is ≈ 0 here ({2}), ReLU is exactly 0.</source>
        <translation>接近 SiLU 的最小值：在 z = {1} 处降到最低点 {0}；此处梯度 ≈ 0（{2}），ReLU 则严格为 0。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>z &lt; 0: ReLU is exactly 0, SiLU still leaks {0} and has gradient {1}.</source>
        <translation>z &lt; 0：ReLU 严格为 0，SiLU 仍漏出 {0}，梯度为 {1}。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>z = 0: ReLU has its kink here; SiLU passes through 0 smoothly with slope {0}.</source>
        <translation>z = 0：ReLU 在此处有拐点；SiLU 以斜率 {0} 平滑地穿过 0。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>z &gt; 0: ReLU passes z = {0} through unchanged; SiLU gives {1} (a little less, approaching z as z grows) with gradient {2}.</source>
        <translation>z &gt; 0：ReLU 原样输出 z = {0}；SiLU 输出 {1}（略小，随 z 增大趋近 z），梯度为 {2}。</translation>
    </message>
</context>
<context>
    <name>BigIntField</name>
    <message>
        <location filename="../../gatelab/ui/budget_fields.py" line="+61"/>
        <source>enter a whole number</source>
        <translation>请输入整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+27"/>
        <source>must be at least {0}</source>
        <translation>不能小于 {0}</translation>
    </message>
    <message>
        <location line="-25"/>
        <location line="+10"/>
        <source>too large (at most {0})</source>
        <translation>太大（最多 {0}）</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>enter a number</source>
        <translation>请输入数字</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>“{0}” is not a number</source>
        <translation>“{0}”不是数字</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>enter a finite whole number</source>
        <translation>请输入有限的整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>enter a whole number (no fractions)</source>
        <translation>请输入整数（不能有小数）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>write it out in digits (e.g. 1000000000000)</source>
        <translation>请用数字完整写出（例如 1000000000000）</translation>
    </message>
</context>
<context>
    <name>BudgetFilesMixin</name>
    <message>
        <location filename="../../gatelab/ui/budget_import.py" line="+211"/>
        <location line="+5"/>
        <source>Reading {0}…</source>
        <translation>正在读取 {0}…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Reading {0}: shard {1} of {2}…</source>
        <translation>正在读取 {0}：第 {1} 个分片，共 {2} 个…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot read config.json</source>
        <translation>无法读取 config.json</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+16"/>
        <source>{0}

{1}</source>
        <translation>{0}

{1}</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Loaded {0}: {1} parameters</source>
        <translation>已加载 {0}：{1} 个参数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot read safetensors</source>
        <translation>无法读取 safetensors</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>config.json beside the file</source>
        <translation>同目录下的 config.json</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(config.json beside the file is unreadable: {0})</source>
        <translation>（同目录下的 config.json 无法读取：{0}）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the selected model {0} (no config.json beside the file)</source>
        <translation>所选模型 {0}（同目录下没有 config.json）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{0}: {1} tensors, {2} parameters</source>
        <translation>{0}：{1} 个张量，{2} 个参数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open config.json</source>
        <translation>打开 config.json</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model config (*.json);;All files (*)</source>
        <translation>模型配置 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open safetensors</source>
        <translation>打开 safetensors</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Safetensors (*.safetensors *.safetensors.index.json);;All files (*)</source>
        <translation>Safetensors (*.safetensors *.safetensors.index.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Saved {0}</source>
        <translation>已保存 {0}</translation>
    </message>
    <message>
        <location line="-4"/>
        <location line="+6"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Could not write {0}</source>
        <translation>无法写入 {0}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Export charts</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
</context>
<context>
    <name>BudgetLoadMixin</name>
    <message>
        <location filename="../../gatelab/ui/budget_load.py" line="+76"/>
        <source>{0} does not fit the fields.</source>
        <translation>{0} 无法填入输入框。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>what the preset counts only approximately (see the note below)</source>
        <translation>该预设只能近似计数的部分（见下方说明）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Loaded {0}: your fields count exactly its {1} parameters.</source>
        <translation>已载入 {0}：你的输入框精确算出它的 {1} 个参数。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>nothing the fields can name</source>
        <translation>没有输入框能指明的部分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>about {0}</source>
        <translation>约 {0}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loaded {0} only partly. Left out: {1}. Your fields count {2} ({3}); {0} has {4}.</source>
        <translation>{0} 只载入了一部分。未包含：{1}。你的输入框算出 {2}（{3}）；{0} 有 {4}。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>head size {0} (the fields use h ÷ heads)</source>
        <translation>每头维度 {0}（输入框使用 h ÷ 头数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>attention biases</source>
        <translation>注意力偏置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the attention output gate</source>
        <translation>注意力输出门控</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>q/k norms</source>
        <translation>q/k 归一化</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>attention sinks</source>
        <translation>注意力汇聚（sink）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its norm layout ({0}, {1} per layer)</source>
        <translation>其归一化布局（{0}，每层 {1} 个）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>learned position embeddings ({0} positions)</source>
        <translation>可学习的位置嵌入（{0} 个位置）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{0} dense first layers of width {1} (loaded as expert layers)</source>
        <translation>前 {0} 层为宽度 {1} 的稠密层（按专家层载入）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the shared expert (width {0})</source>
        <translation>共享专家（宽度 {0}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>router and expert biases or gates</source>
        <translation>路由器与专家的偏置或门控</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the encoder–decoder structure (its {0} encoder layers are counted as decoder layers; cross-attention is not)</source>
        <translation>编码器–解码器结构（其 {0} 个编码器层按解码器层计数；交叉注意力未计入）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>relative-position tables</source>
        <translation>相对位置表</translation>
    </message>
</context>
<context>
    <name>BudgetPanel</name>
    <message>
        <location filename="../../gatelab/ui/budget_panel.py" line="+60"/>
        <source>Hidden width h (d_model); any size, exact</source>
        <translation>隐藏层宽度 h（d_model）；任意大小，精确计算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Intermediate width m of the FFN (Up/Down keys step by the rounding multiple)</source>
        <translation>FFN 的中间层宽度 m（上/下方向键按取整倍数步进）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Gated (gate, up, down): 3hm</source>
        <translation>门控（gate、up、down）：3hm</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Classic (up, down): 2hm</source>
        <translation>经典（up、down）：2hm</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gated MLPs (SwiGLU, GeGLU…) have a third matrix</source>
        <translation>门控 MLP（SwiGLU、GeGLU…）多一个矩阵</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The rules round m up to a multiple of this (64, 128, 256 or any)</source>
        <translation>各规则把 m 向上取整到此数的倍数（64、128、256 或任意）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>8/3 rule</source>
        <translation>8/3 规则</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>m = ceil(8h/3) rounded up to the multiple: the gated width matching classic 4×</source>
        <translation>m = ceil(8h/3) 向上取整到倍数：与经典 4× 参数量相当的门控宽度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Llama rule</source>
        <translation>Llama 规则</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>m = int(2·4h/3) rounded up to the multiple (4096 → 11008)</source>
        <translation>m = int(2·4h/3) 向上取整到倍数（4096 → 11008）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>4×</source>
        <translation>4×</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>m = 4h, the classic transformer FFN</source>
        <translation>m = 4h，经典 Transformer 的 FFN</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Toggle classic 4× ↔ gated 8/3</source>
        <translation>切换 经典 4× ↔ 门控 8/3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switch between the two parameter-matched designs and watch the matrices share the same 8h²</source>
        <translation>在两种参数量相当的设计之间切换，观察各矩阵如何分摊同样的 8h²</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Biases in the FFN</source>
        <translation>FFN 中含偏置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Classic adds m + h biases, gated 2m + h</source>
        <translation>经典结构增加 m + h 个偏置，门控结构增加 2m + h 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Number of transformer layers</source>
        <translation>Transformer 层数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention heads (head size = h ÷ heads)</source>
        <translation>注意力头数（每头维度 = h ÷ 头数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Key/value heads: = heads for MHA, fewer for GQA, 1 for MQA</source>
        <translation>键/值头数：MHA 等于头数，GQA 更少，MQA 为 1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vocabulary size (embedding rows)</source>
        <translation>词表大小（嵌入矩阵行数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Routed experts per layer (MoE), each an FFN of width m; 0 for a dense model</source>
        <translation>每层的路由专家数（MoE），每个专家是宽度为 m 的 FFN；稠密模型为 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Experts each token is routed to</source>
        <translation>每个 token 路由到的专家数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tie LM head to the embedding</source>
        <translation>LM 头与嵌入共享权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tied models store one [vocab, h] matrix instead of two</source>
        <translation>共享权重的模型只存一个 [vocab, h] 矩阵，而不是两个</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Width h</source>
        <translation>宽度 h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FFN</source>
        <translation>FFN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Width m</source>
        <translation>宽度 m</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Round up to</source>
        <translation>向上取整到</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heads</source>
        <translation>头数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vocab</source>
        <translation>词表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Active experts</source>
        <translation>激活专家数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Your model</source>
        <translation>你的模型</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The real model drawn beside yours</source>
        <translation>与你的模型并排绘制的真实模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load into my fields</source>
        <translation>载入到我的输入框</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy this model&apos;s sizes into the fields above</source>
        <translation>把该模型的尺寸复制到上面的输入框</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open config.json…</source>
        <translation>打开 config.json…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Count a Hugging Face model from its config.json</source>
        <translation>根据 config.json 统计 Hugging Face 模型的参数量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open safetensors…</source>
        <translation>打开 safetensors…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List a .safetensors file&apos;s tensors (header only) and cross-check them against the config</source>
        <translation>列出 .safetensors 文件中的张量（只读文件头），并与配置交叉核对</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Real model</source>
        <translation>真实模型</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>gate</source>
        <translation>gate</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>up</source>
        <translation>up</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>down</source>
        <translation>down</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FFN weights per layer, in units of h²</source>
        <translation>每层 FFN 权重，以 h² 为单位</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>8h² = classic 4×</source>
        <translation>8h² = 经典 4×</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>share of the model&apos;s parameters (%)</source>
        <translation>占模型参数量的比例（%）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export charts as PNG…</source>
        <translation>将图表导出为 PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save both charts as one PNG image</source>
        <translation>把两张图表保存为一张 PNG 图像</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Compare presets</source>
        <translation>预设模型对比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint (safetensors)</source>
        <translation>检查点（safetensors）</translation>
    </message>
    <message>
        <location line="+37"/>
        <location line="+97"/>
        <location line="+16"/>
        <location line="+46"/>
        <source>Yours</source>
        <translation>你的模型</translation>
    </message>
    <message>
        <location line="-122"/>
        <source>Not a valid model: {0}</source>
        <translation>不是有效的模型：{0}</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&lt;b&gt;FFN per layer&lt;/b&gt;: {0} = {1} ({2} h²)</source>
        <translation>&lt;b&gt;每层 FFN&lt;/b&gt;：{0} = {1}（{2} h²）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Break-even with classic 4× (8h²): m = 8h/3 = {0}; yours: {1} params ({2:+.2f} %)</source>
        <translation>与经典 4×（8h²）持平：m = 8h/3 = {0}；你的：{1} 个参数（{2:+.2f} %）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>8/3 rule ↑{0}: {1} · Llama rule: {2} · MiniMind rule: {3}</source>
        <translation>8/3 规则 ↑{0}：{1} · Llama 规则：{2} · MiniMind 规则：{3}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Attention per layer: {0}</source>
        <translation>每层注意力：{0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MoE: {0} experts of width m per layer, {1} active per token: {2} FFN parameters per layer, {3} active</source>
        <translation>MoE：每层 {0} 个宽度为 m 的专家，每 token 激活 {1} 个：每层 FFN 参数 {2} 个，其中激活 {3} 个</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;Total&lt;/b&gt;: {0} ({1}) · MLP share {2:.1f} % · MLP FLOPs/token {3}</source>
        <translation>&lt;b&gt;总计&lt;/b&gt;：{0}（{1}）· MLP 占比 {2:.1f} % · MLP FLOPs/token {3}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Same-parameter classic width: {0} (= ⌈3m/2⌉)</source>
        <translation>参数量相同的经典宽度：{0}（= ⌈3m/2⌉）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Same-parameter gated width: {0} (= ⌈2m/3⌉)</source>
        <translation>参数量相同的门控宽度：{0}（= ⌈2m/3⌉）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, or {0} rounded up to a multiple of {1}</source>
        <translation>，向上取整到 {1} 的倍数为 {0}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Classic 4×</source>
        <translation>经典 4×</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gated 8/3</source>
        <translation>门控 8/3</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source> (1 expert)</source>
        <translation>（1 个专家）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Gate, up and down&lt;/b&gt; — classic 4× and gated 8/3 spend the same 8h²</source>
        <translation>&lt;b&gt;gate、up 与 down&lt;/b&gt; — 经典 4× 与门控 8/3 花费同样的 8h²</translation>
    </message>
    <message>
        <location line="+10"/>
        <source> (estimate)</source>
        <translation>（估计）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>active / token</source>
        <translation>每 token 激活</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Where the parameters live&lt;/b&gt; — whole model; for MoE, total vs active per token</source>
        <translation>&lt;b&gt;参数分布在哪里&lt;/b&gt; — 整个模型；MoE 模型对比总量与每 token 激活量</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{0}: {1} parameters ({2}); active per token {3}; MLP FLOPs/token {4}; source: {5}</source>
        <translation>{0}：{1} 个参数（{2}）；每 token 激活 {3}；MLP FLOPs/token {4}；来源：{5}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Not exact:</source>
        <translation>不精确：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0}: about {1} parameters (estimate); source: {2}</source>
        <translation>{0}：约 {1} 个参数（估计）；来源：{2}</translation>
    </message>
</context>
<context>
    <name>CheckpointView</name>
    <message>
        <location filename="../../gatelab/ui/budget_import.py" line="-249"/>
        <source>Open a .safetensors file or a sharded model.safetensors.index.json: only the header is read (names, dtypes, shapes), never the weights.</source>
        <translation>打开 .safetensors 文件或分片的 model.safetensors.index.json：只读取文件头（名称、数据类型、形状），从不读取权重。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Part</source>
        <translation>部分</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From config</source>
        <translation>按配置</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Difference</source>
        <translation>差值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint tensor elements versus the count derived from the config, part by part</source>
        <translation>逐部分对比检查点张量元素数与按配置推算的参数量</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+2"/>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Short</source>
        <translation>简写</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MLP gate</source>
        <translation>MLP gate</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MLP up</source>
        <translation>MLP up</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MLP down</source>
        <translation>MLP down</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MLP gate+up (fused)</source>
        <translation>MLP gate+up（融合）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Experts (routed)</source>
        <translation>专家（路由）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Shared expert</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Router</source>
        <translation>路由器</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Norms</source>
        <translation>归一化</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>LM head</source>
        <translation>LM 头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Quantization metadata (not params)</source>
        <translation>量化元数据（不是参数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Buffers / tied copies (not params)</source>
        <translation>缓冲区 / 共享副本（不是参数）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;b&gt;{0}&lt;/b&gt;: {1} tensors, {2} parameters ({3}).</source>
        <translation>&lt;b&gt;{0}&lt;/b&gt;：{1} 个张量，{2} 个参数（{3}）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>From the tensors: d = {0}, I = {1}, vocab = {2}.</source>
        <translation>由张量推得：d = {0}，I = {1}，vocab = {2}。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>From the tensors: d = {0}, vocab = {1}.</source>
        <translation>由张量推得：d = {0}，vocab = {1}。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Quantized storage detected: see the notes; stored elements are not parameters one for one.</source>
        <translation>检测到量化存储：请看说明；存储的元素数与参数量并非一一对应。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compared with: {0}</source>
        <translation>对比对象：{0}</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Showing the first {0} of {1} tensors</source>
        <translation>显示 {1} 个张量中的前 {0} 个</translation>
    </message>
</context>
<context>
    <name>CorpusBox</name>
    <message>
        <location filename="../../gatelab/ui/trainer_corpus.py" line="+39"/>
        <source>Text to learn (corpus)</source>
        <translation>要学习的文本（语料）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Python source (standard library, ~1 MB)</source>
        <translation>Python 源码（标准库，约 1 MB）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generated demo text (60 kB, quick)</source>
        <translation>生成的演示文本（60 kB，较快）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What the model learns to continue, one character at a time</source>
        <translation>模型要学会逐字符续写的内容</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open text file…</source>
        <translation>打开文本文件…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train on any UTF-8 text file</source>
        <translation>用任意 UTF-8 文本文件训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reading…</source>
        <translation>读取中…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The first characters of the corpus</source>
        <translation>语料开头的若干字符</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Reading the corpus…</source>
        <translation>正在读取语料…</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Open a text file to train on</source>
        <translation>打开用于训练的文本文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Text files (*.txt *.md *.py);;All files (*)</source>
        <translation>文本文件 (*.txt *.md *.py);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&lt;span style=&apos;color:#b00020&apos;&gt;Cannot use this corpus: {0}&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#b00020&apos;&gt;无法使用此语料：{0}&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{0:,} characters ({1:,} bytes), vocabulary {2} symbols. &lt;span style=&apos;color:#666&apos;&gt;{3}&lt;/span&gt;</source>
        <translation>{0:,} 个字符（{1:,} 字节），词表 {2} 个符号。&lt;span style=&apos;color:#666&apos;&gt;{3}&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot use this corpus: {0}</source>
        <translation>无法使用此语料：{0}</translation>
    </message>
</context>
<context>
    <name>ExperimentView</name>
    <message>
        <location filename="../../gatelab/ui/experiment_view.py" line="+70"/>
        <source>First FFN variant</source>
        <translation>第一个 FFN 变体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Second FFN variant</source>
        <translation>第二个 FFN 变体</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>seeds: </source>
        <translation>种子数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs per variant; the spread across seeds is the noise</source>
        <translation>每个变体的运行次数；不同种子间的差异就是噪声</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>▶ Run experiment</source>
        <translation>▶ 运行实验</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train every variant with every seed, one after another, using the model and training settings on the left</source>
        <translation>使用左侧的模型和训练设置，依次用每个种子训练每个变体</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>■ Stop</source>
        <translation>■ 停止</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Trains both variants at equal FFN parameters (gated m matched to classic 4·d, or to the form&apos;s intermediate width for the first variant) with several seeds, using the other settings on the left. Tip: a few hundred steps on the generated text take a minute or two on a CPU.</source>
        <translation>在 FFN 参数量相等的条件下用多个种子训练两个变体（门控的 m 与经典 4·d 匹配，或与第一个变体在表单中的中间层宽度匹配），其余设置取自左侧。提示：在生成文本上训练几百步，CPU 上约需一两分钟。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Validation loss: mean ± std over seeds</source>
        <translation>验证损失：各种子的均值 ± 标准差</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each band spans mean − std … mean + std of the seeds&apos; curves</source>
        <translation>每条色带覆盖各种子曲线的 均值 − 标准差 … 均值 + 标准差</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+1"/>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Quantity</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>with</source>
        <translation>与</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Opening experiment {0}…</source>
        <translation>正在打开实验 {0}…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Could not open the experiment: {0}</source>
        <translation>无法打开实验：{0}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>saved experiment {0} ({1})</source>
        <translation>已保存的实验 {0}（{1}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Opened experiment {0}</source>
        <translation>已打开实验 {0}</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Not started: {0}</source>
        <translation>未开始：{0}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not started: pick two different variants</source>
        <translation>未开始：请选择两个不同的变体</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Training {0} runs…</source>
        <translation>正在进行 {0} 次训练…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>run {0} of {1}: {2}, seed {3} · step {4}</source>
        <translation>第 {0}/{1} 次运行：{2}，种子 {3} · 第 {4} 步</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>failed ({0} of {1} steps)</source>
        <translation>失败（{0}/{1} 步）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The experiment stopped with an error: {0}</source>
        <translation>实验因错误而停止：{0}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>stopped ({0} of {1} steps)</source>
        <translation>已停止（{0}/{1} 步）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Experiment stopped; finished runs are kept in Runs.</source>
        <translation>实验已停止；已完成的运行保留在“运行记录”中。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="-86"/>
        <location line="+88"/>
        <source>Verdict: {0}</source>
        <translation>结论：{0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Experiment: {0}</source>
        <translation>实验：{0}</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>{0}: final val loss (m = {1}, {2:,} params)</source>
        <translation>{0}：最终验证损失（m = {1}，{2:,} 个参数）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>difference (runner-up − best)</source>
        <translation>差值（次优 − 最优）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>noise floor (3σ of reruns)</source>
        <translation>噪声下限（重复运行的 3σ）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>verdict</source>
        <translation>结论</translation>
    </message>
</context>
<context>
    <name>ExportButton</name>
    <message>
        <location filename="../../gatelab/ui/inside_export.py" line="+127"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>GatePlaneControls</name>
    <message>
        <location filename="../../gatelab/ui/gate_plane_controls.py" line="+30"/>
        <source>open gate, negative u: h = −2.4527</source>
        <translation>门控打开、u 为负：h = −2.4527</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>negative gate flips the sign: h = +0.2846</source>
        <translation>负门控翻转符号：h = +0.2846</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SiLU(2) = 1.7616, times u = 0.5: h = 0.8808</source>
        <translation>SiLU(2) = 1.7616，乘以 u = 0.5：h = 0.8808</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>closed gate, yet ∂h/∂g = 0.5: it can still be pushed open</source>
        <translation>门控关闭，但 ∂h/∂g = 0.5：仍可被推开</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>outside the map: h = 99.9955 (SwiGLU is unbounded)</source>
        <translation>超出图范围：h = 99.9955（SwiGLU 无上界）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>all three side by side</source>
        <translation>三张并排</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>h only</source>
        <translation>仅 h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>∂h/∂g only</source>
        <translation>仅 ∂h/∂g</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>∂h/∂u only</source>
        <translation>仅 ∂h/∂u</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Point (g, u)</source>
        <translation>点 (g, u)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Gate pre-activation g; type a value and press Enter</source>
        <translation>门控预激活值 g；输入数值后按回车</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Up pre-activation u; type a value and press Enter</source>
        <translation>上投影预激活值 u；输入数值后按回车</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Quick points from the lessons:</source>
        <translation>课程中的示例点：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Click or drag on a map; arrow keys nudge by 0.1 (Shift: 0.01).</source>
        <translation>在图上点击或拖动；方向键微调 0.1（Shift：0.01）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Exact values at (g, u)</source>
        <translation>(g, u) 处的精确值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gate pre-activation</source>
        <translation>门控预激活值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>up pre-activation</source>
        <translation>上投影预激活值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>act(g)  gate value</source>
        <translation>act(g)  门控值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the gate branch</source>
        <translation>门控分支</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>h  output</source>
        <translation>h  输出</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the neuron&apos;s output h = A(g)·B(u)</source>
        <translation>神经元的输出 h = A(g)·B(u)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gradient reaching the gate input g</source>
        <translation>传到门控输入 g 的梯度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gradient reaching the up input u</source>
        <translation>传到上投影输入 u 的梯度</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Gate variant</source>
        <translation>门控变体</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Which gated MLP: h = A(g)·B(u)</source>
        <translation>选择门控 MLP：h = A(g)·B(u)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>β in SiLU(βg)·u (β = 1 is SwiGLU)</source>
        <translation>SiLU(βg)·u 中的 β（β = 1 即 SwiGLU）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gpt-oss clamp: g ≤ limit, u ∈ [−limit, limit]</source>
        <translation>gpt-oss 截断：g ≤ limit，u ∈ [−limit, limit]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gpt-oss α in g·σ(αg)</source>
        <translation>gpt-oss 中 g·σ(αg) 的 α</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>soft cap β₁ of the gate: β₁·tanh(SiLU(g)/β₁)</source>
        <translation>门控的软上限 β₁：β₁·tanh(SiLU(g)/β₁)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>soft cap β₂ of the up branch: β₂·tanh(u/β₂)</source>
        <translation>上投影分支的软上限 β₂：β₂·tanh(u/β₂)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>limit</source>
        <translation>limit</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Map window</source>
        <translation>图范围</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>left edge of the maps (g)</source>
        <translation>图的左边界（g）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>right edge of the maps (g)</source>
        <translation>图的右边界（g）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bottom edge of the maps (u)</source>
        <translation>图的下边界（u）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>top edge of the maps (u)</source>
        <translation>图的上边界（u）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>pixels per side ({0}…{1})</source>
        <translation>每边像素数（{0}…{1}）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the gate counts as closed where |act(g)| &lt; ε</source>
        <translation>|act(g)| &lt; ε 处视为门控关闭</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Show the three maps side by side or one at a time</source>
        <translation>三张图并排显示，或一次显示一张</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>g min</source>
        <translation>g 最小值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>g max</source>
        <translation>g 最大值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>u min</source>
        <translation>u 最小值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>u max</source>
        <translation>u 最大值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>resolution</source>
        <translation>分辨率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ε (closed)</source>
        <translation>ε（关闭）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>show</source>
        <translation>显示</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Trained neurons</source>
        <translation>训练后的神经元</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Load neurons from run…</source>
        <translation>从运行记录加载神经元…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Overlay the (g, u) of a trained model&apos;s neurons (the run&apos;s stats.npz)</source>
        <translation>叠加显示训练后模型各神经元的 (g, u)（取自运行的 stats.npz）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the neuron overlay</source>
        <translation>移除神经元叠加层</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Which layer&apos;s neurons to show</source>
        <translation>显示哪一层的神经元</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+87"/>
        <source>No neurons loaded.</source>
        <translation>尚未加载神经元。</translation>
    </message>
    <message>
        <location line="-79"/>
        <source>must be &gt; 0</source>
        <translation>必须 &gt; 0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>β must not be 0</source>
        <translation>β 不能为 0</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{0} min must be below {0} max ({1})</source>
        <translation>{0} 最小值必须小于 {0} 最大值（{1}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{0} max must be above {0} min ({1})</source>
        <translation>{0} 最大值必须大于 {0} 最小值（{1}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>keep |{0}| ≤ 10000</source>
        <translation>请保持 |{0}| ≤ 10000</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ε must be &gt; 0</source>
        <translation>ε 必须 &gt; 0</translation>
    </message>
</context>
<context>
    <name>GatePlaneMaps</name>
    <message>
        <location filename="../../gatelab/ui/gate_plane_maps.py" line="+119"/>
        <source>h  (the neuron&apos;s output)</source>
        <translation>h（神经元的输出）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>∂h/∂g  (gradient into the gate)</source>
        <translation>∂h/∂g（流入门控的梯度）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>∂h/∂u  (gradient into u)</source>
        <translation>∂h/∂u（流入 u 的梯度）</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>g  (gate pre-activation)</source>
        <translation>g（门控预激活值）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>u  (up pre-activation)</source>
        <translation>u（上投影预激活值）</translation>
    </message>
</context>
<context>
    <name>GatePlanePanel</name>
    <message>
        <location filename="../../gatelab/ui/gate_plane_panel.py" line="+70"/>
        <source>What the selected point means, in plain words</source>
        <translation>用通俗的话说明所选点的含义</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&lt;b&gt;Things to try:&lt;/b&gt; (−3, −2): a negative SiLU gate flips the sign of u. (0, 1): the gate is closed, yet ∂h/∂g = 0.5, so training can still open it. Switch to ReGLU and click left of g = 0: no gradient reaches the gate at all. (10, 10): SwiGLU is unbounded (h ≈ 100); compare the soft-capped variant.</source>
        <translation>&lt;b&gt;试一试：&lt;/b&gt;(−3, −2)：负的 SiLU 门控会翻转 u 的符号。(0, 1)：门控关闭，但 ∂h/∂g = 0.5，训练仍能把它打开。切换到 ReGLU 并点击 g = 0 左侧：完全没有梯度传到门控。(10, 10)：SwiGLU 无上界（h ≈ 100）；与软上限变体对比一下。</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>g and u must be finite numbers within ±{0}</source>
        <translation>g 和 u 必须是 ±{0} 以内的有限数</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>unknown variant “{0}”; choose one from the list</source>
        <translation>未知变体“{0}”；请从列表中选择</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>neuron points must be an array of (g, u) pairs, got shape {0}</source>
        <translation>神经元点必须是 (g, u) 对组成的数组，实际形状为 {0}</translation>
    </message>
    <message>
        <location line="+24"/>
        <location line="+18"/>
        <source>Could not load neurons: {0}</source>
        <translation>无法加载神经元：{0}</translation>
    </message>
    <message>
        <location line="-13"/>
        <location line="+17"/>
        <source>run {0}</source>
        <translation>运行 {0}</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Gate closed: |act(g)| = {0} &lt; ε = {1}, so h = {2} ≈ 0 whatever u is</source>
        <translation>门控关闭：|act(g)| = {0} &lt; ε = {1}，所以无论 u 为何值，h = {2} ≈ 0</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Negative gate: act(g) = {0} &lt; 0 flips the sign of u, so h = {1} has the opposite sign of u</source>
        <translation>负门控：act(g) = {0} &lt; 0 翻转 u 的符号，所以 h = {1} 与 u 符号相反</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Negative gate: act(g) = {0} &lt; 0 would flip the sign of u; here h = {1}</source>
        <translation>负门控：act(g) = {0} &lt; 0 会翻转 u 的符号；此处 h = {1}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Gate open: act(g) = {0} scales u, so h = {1}</source>
        <translation>门控打开：act(g) = {0} 缩放 u，所以 h = {1}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; the up branch is 0 here, so h = 0 whatever the gate</source>
        <translation>；此处上投影分支为 0，所以无论门控如何 h = 0</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>gradient flows to the gate (∂h/∂g = {0}) and to u (∂h/∂u = {1}).</source>
        <translation>梯度流向门控（∂h/∂g = {0}）和 u（∂h/∂u = {1}）。</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>{0}; {1}</source>
        <translation>{0}；{1}</translation>
    </message>
    <message>
        <location line="-62"/>
        <source>Reading {0}…</source>
        <translation>正在读取 {0}…</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>(Outside the map window: the marker is pinned to the nearest edge; the numbers are exact.)</source>
        <translation>（超出图范围：标记固定在最近的边上；数值是精确的。）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>clamped</source>
        <translation>被截断</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>saturated</source>
        <translation>已饱和</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>but gradient still flows to the gate (∂h/∂g = {0} ≠ 0): training can push it open</source>
        <translation>但梯度仍流向门控（∂h/∂g = {0} ≠ 0）：训练可以把它推开</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>gradient flows to the gate (∂h/∂g = {0})</source>
        <translation>梯度流向门控（∂h/∂g = {0}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>but the gate branch is flat here ({0}), so no gradient reaches g (∂h/∂g = 0)</source>
        <translation>但门控分支在此处是平的（{0}），所以没有梯度传到 g（∂h/∂g = 0）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no gradient reaches g (∂h/∂g = 0): the gate cannot learn from this input</source>
        <translation>没有梯度传到 g（∂h/∂g = 0）：门控无法从这个输入中学习</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> (∂h/∂u = act(g) = 0)</source>
        <translation>（∂h/∂u = act(g) = 0）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>: the up branch is flat here ({0}), so ∂h/∂u = 0</source>
        <translation>：上投影分支在此处是平的（{0}），所以 ∂h/∂u = 0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>but none reaches u{0}</source>
        <translation>但没有梯度传到 u{0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>and none reaches u either{0}</source>
        <translation>也没有梯度传到 u{0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0}; {1}.</source>
        <translation>{0}；{1}。</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Not applied: {0}</source>
        <translation>未应用：{0}</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Choose a run folder (with stats.npz)</source>
        <translation>选择运行文件夹（含 stats.npz）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>neurons</source>
        <translation>神经元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0}: {1} neurons</source>
        <translation>{0}：{1} 个神经元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0}: layer L{1} of L0–L{2}, {3} neurons</source>
        <translation>{0}：L{1} 层（L0–L{2}），{3} 个神经元</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt;span style=&apos;background:#d0d0d0; border:1px solid #464646&apos;&gt;&amp;nbsp;&amp;nbsp;&amp;nbsp;&amp;nbsp;&lt;/span&gt; gate closed |act(g)| &amp;lt; ε</source>
        <translation>&lt;span style=&apos;background:#d0d0d0; border:1px solid #464646&apos;&gt;&amp;nbsp;&amp;nbsp;&amp;nbsp;&amp;nbsp;&lt;/span&gt; 门控关闭 |act(g)| &amp;lt; ε</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>layer L{0}</source>
        <translation>L{0} 层</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>&lt;b style=&apos;color:#000&apos;&gt;━━&lt;/b&gt; h = 0</source>
        <translation>&lt;b style=&apos;color:#000&apos;&gt;━━&lt;/b&gt; h = 0</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;span style=&apos;color:#e6b800&apos;&gt;●&lt;/span&gt; your point (◆ when pinned to the edge)</source>
        <translation>&lt;span style=&apos;color:#e6b800&apos;&gt;●&lt;/span&gt; 你的点（固定在边上时为 ◆）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;•&lt;/b&gt; trained neurons: {0}</source>
        <translation>&lt;b&gt;•&lt;/b&gt; 训练后的神经元：{0}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Colours: blue &amp;lt; 0 &amp;lt; red (each map has its own symmetric scale).</source>
        <translation>颜色：蓝 &amp;lt; 0 &amp;lt; 红（每张图有各自的对称色标）。</translation>
    </message>
</context>
<context>
    <name>GatesView</name>
    <message>
        <location filename="../../gatelab/ui/inside_gates.py" line="+110"/>
        <source>This layer at this token</source>
        <translation>该层在此 token 处</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>neuron</source>
        <translation>神经元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>act(g)  gate value</source>
        <translation>act(g)  门控值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>h  (model)</source>
        <translation>h（模型）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>h = act(g)·u  (formula)</source>
        <translation>h = act(g)·u（公式）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Explore this neuron</source>
        <translation>探索此神经元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open it in the neuron explorer: what does it fire on?</source>
        <translation>在神经元浏览器中打开：它对什么激活？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Picked neuron (click a dot)</source>
        <translation>选中的神经元（点击一个点）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;CSV data (*.csv)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;CSV 数据 (*.csv)</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Analyse a text to see the gates of its layers.</source>
        <translation>分析一段文本，查看各层的门控。</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>&lt;b&gt;L{0}&lt;/b&gt;, token {1} “{2}”, {3} neurons&lt;br&gt;pre-gate g &amp;lt; 0: &lt;b&gt;{4} %&lt;/b&gt; &amp;nbsp;(lesson: {5} %)&lt;br&gt;closed |act(g)| &amp;lt; ε = {6}: &lt;b&gt;{7} %&lt;/b&gt; &amp;nbsp;(lesson: {8} %)&lt;br&gt;mean over all {9} tokens: {10} % and {11} %&lt;br&gt;&lt;span style=&apos;color:#666&apos;&gt;The lesson&apos;s numbers are Qwen3.5-0.8B&apos;s layer 2.&lt;/span&gt;</source>
        <translation>&lt;b&gt;L{0}&lt;/b&gt;，token {1}“{2}”，{3} 个神经元&lt;br&gt;门控预激活值 g &amp;lt; 0：&lt;b&gt;{4} %&lt;/b&gt; &amp;nbsp;（课程：{5} %）&lt;br&gt;关闭 |act(g)| &amp;lt; ε = {6}：&lt;b&gt;{7} %&lt;/b&gt; &amp;nbsp;（课程：{8} %）&lt;br&gt;全部 {9} 个 token 的均值：{10} % 和 {11} %&lt;br&gt;&lt;span style=&apos;color:#666&apos;&gt;课程中的数字来自 Qwen3.5-0.8B 的第 2 层。&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Dots: every neuron of L{0} at token {1}, coloured by |h| (dark violet 0 → yellow {2}); □ lies outside the window, pinned to its edge. Background: h = act(g)·u of {3}; grey band: gate closed.</source>
        <translation>点：L{0} 层在 token {1} 处的每个神经元，按 |h| 着色（深紫 0 → 黄 {2}）；□ 表示超出图范围，固定在边上。背景：{3} 的 h = act(g)·u；灰色带：门控关闭。</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>nothing to export yet</source>
        <translation>还没有可导出的内容</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Unknown export format {0}: use .png, .svg or .csv</source>
        <translation>未知的导出格式 {0}：请使用 .png、.svg 或 .csv</translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message>
        <location filename="../../gatelab/ui/inside_history.py" line="+40"/>
        <source>Trace the text at this step</source>
        <translation>按此步的权重追踪文本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Where the run kept that step&apos;s weights, every view shows the text traced through the model as it was then</source>
        <translation>若运行保存了该步的权重，每个视图都显示文本经过当时模型的追踪结果</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Per layer at this checkpoint (trainer&apos;s probe text)</source>
        <translation>此检查点的逐层数据（训练器的探针文本）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(g, u) of every neuron of the picked layer</source>
        <translation>所选层每个神经元的 (g, u)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>negative pre-gates</source>
        <translation>负门控预激活值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>closed gates</source>
        <translation>关闭的门控</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MLP ratio</source>
        <translation>MLP 比值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>first-token share</source>
        <translation>首 token 占比</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Open a saved run to replay its statistics checkpoint by checkpoint.</source>
        <translation>打开已保存的运行，逐个检查点回放其统计数据。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>step {0} ({1}–{2}, {3} checkpoints)</source>
        <translation>第 {0} 步（{1}–{2}，{3} 个检查点）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>step {0}: no per-neuron data in this entry</source>
        <translation>第 {0} 步：此条目没有逐神经元数据</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the text above is traced at this step</source>
        <translation>上方文本按此步追踪</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no weights kept for this step: the views above show the latest checkpoint</source>
        <translation>此步未保存权重：上方视图显示的是最新检查点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;step {0}, L{1}&lt;/b&gt;: g &amp;lt; 0 {2} %, closed {3} %, MLP ratio {4}, first-token share {5}, max |h| {6} — {7}</source>
        <translation>&lt;b&gt;第 {0} 步，L{1}&lt;/b&gt;：g &amp;lt; 0 {2} %，关闭 {3} %，MLP 比值 {4}，首 token 占比 {5}，最大 |h| {6} — {7}</translation>
    </message>
</context>
<context>
    <name>InsideExport</name>
    <message>
        <location filename="../../gatelab/ui/inside_export.py" line="-67"/>
        <source>could not write {0}</source>
        <translation>无法写入 {0}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unknown export format {0}: use .png or .svg</source>
        <translation>未知的导出格式 {0}：请使用 .png 或 .svg</translation>
    </message>
</context>
<context>
    <name>InsidePanel</name>
    <message>
        <location filename="../../gatelab/ui/inside_panel.py" line="+88"/>
        <source>Neuron explorer</source>
        <translation>神经元浏览器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What does the picked neuron fire on? Rankings and top contexts</source>
        <translation>所选神经元对什么激活？排名与激活最强的上下文</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gates at a token</source>
        <translation>单个 token 的门控</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every neuron&apos;s real (g, u) on the gate plane, coloured by |h|</source>
        <translation>每个神经元真实的 (g, u) 画在门控平面上，按 |h| 着色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MLP as a small correction</source>
        <translation>MLP 只是小修正</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>‖MLP out‖ / ‖layer out‖ per layer, and the residual norm</source>
        <translation>每层的 ‖MLP 输出‖ / ‖层输出‖，以及残差流范数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention sink</source>
        <translation>注意力汇聚</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention on the first token, per layer and head</source>
        <translation>每层每个头对首 token 的注意力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Training history</source>
        <translation>训练历史</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A saved run&apos;s statistics, checkpoint by checkpoint</source>
        <translation>已保存运行的统计数据，逐个检查点查看</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>Type a text to analyse (or pick an example).</source>
        <translation>输入要分析的文本（或选择一个示例）。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Still busy: wait or press Cancel.</source>
        <translation>仍在处理：请等待或按“取消”。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loading and tracing…</source>
        <translation>正在加载并追踪…</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Hugging Face models have no training history here.</source>
        <translation>Hugging Face 模型在这里没有训练历史。</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>The live run has no checkpoint yet: it saves one every few steps and at its end; try again soon.</source>
        <translation>实时运行还没有检查点：它每隔几步和结束时会保存一个；请稍后再试。</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Cancelled; the views still show the last trace.</source>
        <translation>已取消；各视图仍显示上一次追踪的结果。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Could not analyse: {0}</source>
        <translation>无法分析：{0}</translation>
    </message>
    <message>
        <location line="+23"/>
        <source> at step {0}</source>
        <translation>（第 {0} 步）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0} tokens through {1}{2}. Pick a layer, neuron or token anywhere.</source>
        <translation>{0} 个 token 已经过 {1}{2}。可在任意位置选择层、神经元或 token。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Warning: 1 character ({1}) is not in this run&apos;s vocabulary and was read as {2}: its numbers describe that character.</source>
        <translation>警告：有 1 个字符（{1}）不在此运行的词表中，被当作 {2} 读入：它的数值描述的是那个字符。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Warning: {0} characters ({1}) are not in this run&apos;s vocabulary and were read as {2}: their numbers describe that character.</source>
        <translation>警告：有 {0} 个字符（{1}）不在此运行的词表中，被当作 {2} 读入：它们的数值描述的是那个字符。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No history: {0}</source>
        <translation>没有历史：{0}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This run has no saved statistics yet.</source>
        <translation>此运行尚未保存统计数据。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No live run yet: start one in the Live trainer tab (Ctrl+4).</source>
        <translation>还没有实时运行：请在“实时训练”标签页中启动一个（Ctrl+4）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The trainer&apos;s run {0} ({1}), traced from its latest checkpoint; Analyse again to refresh.</source>
        <translation>训练器的运行 {0}（{1}），按其最新检查点追踪；再次“分析”即可刷新。</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/inside_worker.py" line="+40"/>
        <source>out of memory: try a shorter text, bf16 or a smaller model</source>
        <translation>内存不足：请尝试更短的文本、bf16 或更小的模型</translation>
    </message>
</context>
<context>
    <name>IntroPage</name>
    <message>
        <location filename="../../gatelab/ui/inside_intro.py" line="+19"/>
        <source>&lt;h2&gt;Look inside a model: what each neuron fires on&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Pick a source&lt;/b&gt; above: the run training in the &lt;i&gt;Live trainer&lt;/i&gt; tab, any saved run, or a Hugging Face model folder on your disk (Qwen3, Qwen3.5, Llama, SmolLM…). Nothing is ever downloaded.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Type a text&lt;/b&gt; or pick one of the lessons&apos; examples (English or Chinese).&lt;/li&gt;&lt;li&gt;&lt;b&gt;Press Analyse.&lt;/b&gt; The text runs through the model once, in the background; afterwards every switch of layer, neuron or token is instant.&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;Then:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Neuron explorer&lt;/b&gt;: the text shaded by one neuron&apos;s h; the layer&apos;s most selective neurons; drag across “Paris” to rank the neurons that fire on it; the neuron&apos;s top contexts in a larger text.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Gates at a token&lt;/b&gt;: every neuron&apos;s real (g, u) on the gate plane, with the share of negative pre-gates and closed gates beside the lesson&apos;s 61.9 % / 19.0 %.&lt;/li&gt;&lt;li&gt;&lt;b&gt;MLP as a small correction&lt;/b&gt;: ‖MLP out‖ / ‖layer out‖ per layer, and the residual stream&apos;s norm growing.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Attention sink&lt;/b&gt;: how much attention lands on the first token, per layer and head.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Training history&lt;/b&gt;: a saved run&apos;s statistics checkpoint by checkpoint.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Pick a layer, a neuron or a token anywhere, and every view follows.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;看看模型内部：每个神经元对什么起反应&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;在上方&lt;b&gt;选择来源&lt;/b&gt;：&lt;i&gt;实时训练&lt;/i&gt;标签页中正在训练的运行、任意已保存的运行，或你磁盘上的 Hugging Face 模型文件夹（Qwen3、Qwen3.5、Llama、SmolLM…）。不会下载任何东西。&lt;/li&gt;&lt;li&gt;&lt;b&gt;输入一段文本&lt;/b&gt;，或选择课程中的示例（英文或中文）。&lt;/li&gt;&lt;li&gt;&lt;b&gt;按“分析”。&lt;/b&gt;文本在后台通过模型一次；之后切换层、神经元或词元都是即时的。&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;然后：&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;神经元浏览器&lt;/b&gt;：按某个神经元的 h 给文本着色；该层最具选择性的神经元；在“Paris”上拖动，给对它起反应的神经元排名；该神经元在更长文本中的最强上下文。&lt;/li&gt;&lt;li&gt;&lt;b&gt;某个词元处的门控&lt;/b&gt;：每个神经元真实的 (g, u) 显示在门控平面上，旁边是负预激活和关闭门控的比例，与课程中的 61.9 % / 19.0 % 对照。&lt;/li&gt;&lt;li&gt;&lt;b&gt;MLP 只是一个小修正&lt;/b&gt;：每层的 ‖MLP 输出‖ / ‖层输出‖，以及残差流范数的增长。&lt;/li&gt;&lt;li&gt;&lt;b&gt;注意力汇聚&lt;/b&gt;：每层每个头有多少注意力落在第一个词元上。&lt;/li&gt;&lt;li&gt;&lt;b&gt;训练历史&lt;/b&gt;：已保存运行在每个检查点的统计。&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;在任何地方选择一层、一个神经元或一个词元，所有视图都会跟随。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>▶ Analyse this text</source>
        <translation>▶ 分析这段文本</translation>
    </message>
</context>
<context>
    <name>LessonCard</name>
    <message>
        <location filename="../../gatelab/ui/lesson_card.py" line="+116"/>
        <source>This tab&apos;s lesson could not be built: {0}</source>
        <translation>无法生成本页的课程：{0}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Try this</source>
        <translation>试一试</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Check yourself</source>
        <translation>自我检测</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Right.</source>
        <translation>答对了。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Not quite.</source>
        <translation>不太对。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{0} of {1} answered correctly</source>
        <translation>已答对 {0} / {1} 题</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This step failed: {0}</source>
        <translation>这一步失败了：{0}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Now look: {0}</source>
        <translation>现在请看：{0}</translation>
    </message>
</context>
<context>
    <name>LiveView</name>
    <message>
        <location filename="../../gatelab/ui/trainer_live.py" line="+218"/>
        <source>Whose real (g, u) pairs are sent to the Gate plane tab (one dot per MLP neuron)</source>
        <translation>把哪一层的真实 (g, u) 对发送到“门控平面”标签页（每个 MLP 神经元一个点）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample text</source>
        <translation>生成样例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Let the model write from its latest checkpoint</source>
        <translation>让模型从最新检查点开始续写</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A text sample from the model appears here at the end of a run, or when you press Sample text.</source>
        <translation>运行结束时，或按下“生成样例”时，模型生成的文本会显示在这里。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Gate plane shows</source>
        <translation>门控平面显示</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&lt;h2&gt;Train a small transformer and watch its gates&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Pick the text&lt;/b&gt; it should learn to continue (left, top): Python source is built in, no download needed.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Pick the FFN variant&lt;/b&gt; — SwiGLU is the gated MLP of Llama, Qwen and friends; GELU is the classic two-matrix MLP. The parameter count updates as you type.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Press Start.&lt;/b&gt; Training runs in the background; the window stays usable, and Pause and Stop act at once.&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;You will see, live:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Loss&lt;/b&gt; falling (raw and smoothed), and the validation loss on unseen text;&lt;/li&gt;&lt;li&gt;&lt;b&gt;Gate sparsity&lt;/b&gt;: how many of each layer&apos;s gates are nearly closed;&lt;/li&gt;&lt;li&gt;&lt;b&gt;MLP contribution&lt;/b&gt;: each MLP writes a small correction into the residual stream, not a replacement;&lt;/li&gt;&lt;li&gt;&lt;b&gt;Largest |h|&lt;/b&gt;: where activation outliers appear.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;The real (g, u) pairs of every neuron go to the &lt;i&gt;Gate plane&lt;/i&gt; tab. Saved runs are in &lt;i&gt;Runs&lt;/i&gt;; the &lt;i&gt;Experiment&lt;/i&gt; tab asks whether SwiGLU beats GELU at equal parameters, over several seeds.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;训练一个小型 Transformer，观察它的门控&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;选择文本&lt;/b&gt;，让模型学习续写（左上）：Python 源码已内置，无需下载。&lt;/li&gt;&lt;li&gt;&lt;b&gt;选择 FFN 变体&lt;/b&gt; — SwiGLU 是 Llama、Qwen 等模型使用的门控 MLP；GELU 是经典的双矩阵 MLP。参数量随输入实时更新。&lt;/li&gt;&lt;li&gt;&lt;b&gt;按“开始”。&lt;/b&gt;训练在后台运行；窗口保持可用，“暂停”和“停止”立即生效。&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;你将实时看到：&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;损失&lt;/b&gt;下降（原始值与平滑值），以及在未见文本上的验证损失；&lt;/li&gt;&lt;li&gt;&lt;b&gt;门控稀疏度&lt;/b&gt;：每层有多少门控几乎关闭；&lt;/li&gt;&lt;li&gt;&lt;b&gt;MLP 贡献&lt;/b&gt;：每个 MLP 向残差流写入一个小修正，而不是替换它；&lt;/li&gt;&lt;li&gt;&lt;b&gt;最大 |h|&lt;/b&gt;：激活离群值出现在哪里。&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;每个神经元的真实 (g, u) 对会发送到&lt;i&gt;门控平面&lt;/i&gt;标签页。保存的运行在&lt;i&gt;运行记录&lt;/i&gt;中；&lt;i&gt;实验&lt;/i&gt;标签页在多个种子下检验：参数量相等时，SwiGLU 是否胜过 GELU。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>▶ Start training with these settings</source>
        <translation>▶ 用这些设置开始训练</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../gatelab/ui/main_window.py" line="+214"/>
        <source>gatelab — the gated MLP, made visible</source>
        <translation>gatelab — 让门控 MLP 看得见</translation>
    </message>
    <message>
        <location line="-151"/>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>This panel could not be loaded:

{0}</source>
        <translation>无法加载此面板：

{0}</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open state…</source>
        <translation>打开状态(&amp;O)…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Save state…</source>
        <translation>保存状态(&amp;S)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Copy state</source>
        <translation>复制状态(&amp;C)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Paste state</source>
        <translation>粘贴状态(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Try this cards</source>
        <translation>“试一试”卡片(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About gatelab</source>
        <translation>关于 gatelab(&amp;A)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every tab&apos;s settings as one line, to paste elsewhere</source>
        <translation>把所有标签页的设置复制为一行文本，便于粘贴到别处</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Try this</source>
        <translation>试一试</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show or hide the guided steps and questions (F2)</source>
        <translation>显示或隐藏引导步骤和自测题 (F2)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>&lt;h3&gt;gatelab {0}&lt;/h3&gt;&lt;p&gt;See and feel how the gated MLP (SwiGLU and its relatives) inside every modern transformer works: activation curves, the (g, u) gate plane, the exact parameter budget and a live trainer.&lt;/p&gt;&lt;p&gt;Shortcuts: Ctrl+1…Ctrl+{1} switch tabs; F1 shows this box.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;gatelab {0}&lt;/h3&gt;&lt;p&gt;直观感受每个现代 Transformer 中的门控 MLP（SwiGLU 及其同类）如何工作：激活函数曲线、(g, u) 门控平面、精确的参数预算和实时训练。&lt;/p&gt;&lt;p&gt;快捷键：Ctrl+1…Ctrl+{1} 切换标签页；F1 显示此对话框。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>About gatelab</source>
        <translation>关于 gatelab</translation>
    </message>
</context>
<context>
    <name>MlpView</name>
    <message>
        <location filename="../../gatelab/ui/inside_mlp.py" line="+40"/>
        <source>MLP contribution: ‖MLP out‖ / ‖layer out‖</source>
        <translation>MLP 贡献：‖MLP 输出‖ / ‖层输出‖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How big a correction each layer&apos;s MLP writes into the residual stream, relative to the stream after it</source>
        <translation>每层 MLP 向残差流写入的修正有多大（相对于该层之后的残差流）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Residual-stream norm ‖layer out‖</source>
        <translation>残差流范数 ‖层输出‖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The norm of the hidden state after each layer</source>
        <translation>每层之后隐藏状态的范数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+6"/>
        <source>this token</source>
        <translation>此 token</translation>
    </message>
    <message>
        <location line="-4"/>
        <location line="+6"/>
        <source>mean over the text</source>
        <translation>全文均值</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Click a bar to read its layer&apos;s exact ratio. The lesson&apos;s exercise: click the largest and the smallest non-empty bar and compare.</source>
        <translation>点击柱条读取该层的精确比值。课程练习：点击最大和最小的非空柱条，比较一下。</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>&lt;b&gt;L{0}&lt;/b&gt; at token {1} “{2}”: ‖MLP out‖ / ‖layer out‖ = &lt;b&gt;{3}&lt;/b&gt; (mean over the text {4}); ‖layer out‖ = {5}</source>
        <translation>&lt;b&gt;L{0}&lt;/b&gt; 在 token {1}“{2}”处：‖MLP 输出‖ / ‖层输出‖ = &lt;b&gt;{3}&lt;/b&gt;（全文均值 {4}）；‖层输出‖ = {5}</translation>
    </message>
</context>
<context>
    <name>NeuronRankings</name>
    <message>
        <location filename="../../gatelab/ui/inside_neuron.py" line="+172"/>
        <source>neuron</source>
        <translation>神经元</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>max h</source>
        <translation>最大 h</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Fires on the selected span</source>
        <translation>对所选片段激活</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>CSV data (*.csv);;PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>CSV 数据 (*.csv);;PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save both rankings as CSV, or as a picture</source>
        <translation>将两个排名保存为 CSV 或图片</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Most selective neurons of L{0}</source>
        <translation>L{0} 层选择性最强的神经元</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Drag across tokens in the text above (say, “Paris”) to rank the neurons of this layer that fire on them more than on the rest of the text.</source>
        <translation>在上方文本中拖选若干 token（例如“Paris”），即可对该层神经元排名：看哪些神经元在这些 token 上比在其余文本上激活得更强。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Span “{0}” (tokens {1}–{2}) in L{3}: score = (mean h on the span − mean h elsewhere) / spread.</source>
        <translation>L{3} 层中的片段“{0}”（token {1}–{2}）：得分 =（片段上 h 的均值 − 其余位置 h 的均值）/ 离散度。</translation>
    </message>
</context>
<context>
    <name>NumberField</name>
    <message>
        <location filename="../../gatelab/ui/widgets.py" line="+213"/>
        <source>enter a finite number</source>
        <translation>请输入有限数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>enter a whole number</source>
        <translation>请输入整数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>must lie in [{0}, {1}]</source>
        <translation>必须在 [{0}, {1}] 范围内</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>“{0}” is not a finite number</source>
        <translation>“{0}”不是有限数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>enter a number</source>
        <translation>请输入数字</translation>
    </message>
</context>
<context>
    <name>PlotCard</name>
    <message>
        <location filename="../../gatelab/ui/plot_card.py" line="+59"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save this plot as PNG or SVG, or its data as CSV</source>
        <translation>将此图保存为 PNG 或 SVG，或将其数据保存为 CSV</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>Unknown export format {0}: use .png, .svg or .csv</source>
        <translation>未知的导出格式 {0}：请使用 .png、.svg 或 .csv</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Export plot</source>
        <translation>导出图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;CSV data (*.csv)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;CSV 数据 (*.csv)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>PresetTable</name>
    <message>
        <location filename="../../gatelab/ui/budget_table.py" line="+95"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>d</source>
        <translation>d</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>I</source>
        <translation>I</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>I ÷ d</source>
        <translation>I ÷ d</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FFN params
/ layer</source>
        <translation>每层 FFN
参数量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Equivalent
classic width</source>
        <translation>等效
经典宽度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>8d/3
rule</source>
        <translation>8d/3
规则</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MLP
share</source>
        <translation>MLP
占比</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Active
/ token</source>
        <translation>每 token
激活</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MLP
(all layers)</source>
        <translation>MLP
（所有层）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Embedding
table</source>
        <translation>嵌入
矩阵</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Preset (or your model); MoE rows describe one expert</source>
        <translation>预设模型（或你的模型）；MoE 行描述单个专家</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hidden width d (h)</source>
        <translation>隐藏层宽度 d（h）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Intermediate width I (m)</source>
        <translation>中间层宽度 I（m）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expansion factor I ÷ d (classic 4×; gated break-even 8/3 ≈ 2.667)</source>
        <translation>扩展倍数 I ÷ d（经典 4×；门控持平点 8/3 ≈ 2.667）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters of one FFN: 3·d·I gated, 2·d·I classic (plus biases)</source>
        <translation>单个 FFN 的参数量：门控 3·d·I，经典 2·d·I（另加偏置）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Classic width with the same parameters (1.5·I for a gated FFN)</source>
        <translation>参数量相同的经典宽度（门控 FFN 为 1.5·I）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ceil(8d/3): the gated width matching classic 4×</source>
        <translation>ceil(8d/3)：与经典 4× 参数量相当的门控宽度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MLP parameters ÷ all parameters</source>
        <translation>MLP 参数量 ÷ 总参数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All parameters; ≈ marks counts that are not exact</source>
        <translation>总参数量；≈ 表示不精确的计数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters used per token (MoE: routed experts only)</source>
        <translation>每个 token 用到的参数量（MoE：仅计被路由的专家）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All layers&apos; MLP parameters (every expert, shared expert and router); for a dense model 3·d·I·layers</source>
        <translation>所有层的 MLP 参数量（含每个专家、共享专家和路由器）；稠密模型为 3·d·I·层数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The token embedding table vocab × d, to set beside the MLP</source>
        <translation>token 嵌入矩阵 vocab × d，用来与 MLP 对照</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not exact: see the model&apos;s notes</source>
        <translation>不精确：请看该模型的说明</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (MoE: one expert)</source>
        <translation>（MoE：单个专家）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Click a header to sort; double-click a row to show that model in the charts</source>
        <translation>点击表头排序；双击某行在图表中显示该模型</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Copy as Markdown</source>
        <translation>复制为 Markdown</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the table, in its current order, as a Markdown table</source>
        <translation>按当前顺序把表格复制为 Markdown 表格</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy as CSV</source>
        <translation>复制为 CSV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the table as CSV with plain numbers</source>
        <translation>把表格复制为纯数字的 CSV</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sizes from each model&apos;s config.json; exact where the family is counted tensor by tensor.</source>
        <translation>尺寸取自各模型的 config.json；逐张量核算过的模型系列为精确值。</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Copied {0} rows as Markdown</source>
        <translation>已复制 {0} 行（Markdown）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Copied {0} rows as CSV</source>
        <translation>已复制 {0} 行（CSV）</translation>
    </message>
</context>
<context>
    <name>RunBar</name>
    <message>
        <location filename="../../gatelab/ui/trainer_live.py" line="-192"/>
        <source>▶ Start</source>
        <translation>▶ 开始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train a new model with these settings (Ctrl+Return)</source>
        <translation>用这些设置训练一个新模型（Ctrl+Return）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pause or resume the run (the model stays in memory)</source>
        <translation>暂停或继续运行（模型保留在内存中）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>■ Stop</source>
        <translation>■ 停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>End the run now; it is kept and can be resumed</source>
        <translation>立即结束运行；运行会被保留，之后可以继续</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <location line="+26"/>
        <location line="+29"/>
        <source>starting… (building the model)</source>
        <translation>正在启动…（构建模型）</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>step {0} / {1} · {2:,.0f} tok/s · ETA {3}</source>
        <translation>第 {0} / {1} 步 · {2:,.0f} tok/s · 剩余 {3}</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>failed before the first step</source>
        <translation>在第一步之前失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped before the first step</source>
        <translation>在第一步之前停止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed at step {0} / {1}</source>
        <translation>在第 {0} / {1} 步失败</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>stopped at step {0} / {1}</source>
        <translation>在第 {0} / {1} 步停止</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>replay: step {0} / {1} (not training)</source>
        <translation>回放：第 {0} / {1} 步（未在训练）</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>Training on {0}</source>
        <translation>正在 {0} 上训练</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>step {0} / {1} · ETA …</source>
        <translation>第 {0} / {1} 步 · 剩余 …</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>paused before the first step</source>
        <translation>在第一步之前暂停</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>step {0} / {1} · paused</source>
        <translation>第 {0} / {1} 步 · 已暂停</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>done: {0} steps</source>
        <translation>完成：{0} 步</translation>
    </message>
</context>
<context>
    <name>RunsView</name>
    <message>
        <location filename="../../gatelab/ui/runs_view.py" line="+52"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FFN</source>
        <translation>FFN</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Corpus</source>
        <translation>语料</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Train loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Val loss</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Double-click a run to replay its plots</source>
        <translation>双击某次运行以回放其曲线</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No runs yet. Press Start to train one; runs made with gatelab-train appear here too.</source>
        <translation>还没有运行记录。按“开始”训练一个；用 gatelab-train 进行的运行也会显示在这里。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open (replay plots)</source>
        <translation>打开（回放曲线）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resume training</source>
        <translation>继续训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open experiment</source>
        <translation>打开实验</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This run is part of an experiment: show the whole comparison in the Experiment view</source>
        <translation>此运行属于某个实验：在“实验”页中显示完整对比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show this run&apos;s curves in the Live plots tab</source>
        <translation>在“实时曲线”标签页中显示此次运行的曲线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Continue from the run&apos;s last checkpoint</source>
        <translation>从此次运行的最后一个检查点继续</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the run folder (asks first)</source>
        <translation>删除运行文件夹（会先询问）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the run&apos;s files in the file manager</source>
        <translation>在文件管理器中显示此次运行的文件</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Cannot list the runs: {0}</source>
        <translation>无法列出运行：{0}</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>{0} has no checkpoint yet (it stopped before its first one): training it again from step 0</source>
        <translation>{0} 还没有检查点（在第一个检查点之前就停止了）：从第 0 步重新训练</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Delete failed</source>
        <translation>删除失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Deleted run {0}</source>
        <translation>已删除运行 {0}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Delete run?</source>
        <translation>删除运行？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete this run and all its files?

{0}</source>
        <translation>删除此次运行及其所有文件？

{0}</translation>
    </message>
</context>
<context>
    <name>SelectionBar</name>
    <message>
        <location filename="../../gatelab/ui/inside_pickers.py" line="+26"/>
        <source>Decoder layer (every view follows)</source>
        <translation>解码器层（所有视图跟随）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Intermediate neuron of the layer (gate_proj/up_proj row)</source>
        <translation>该层的中间层神经元（gate_proj/up_proj 的行）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Token position in the text (or click a token)</source>
        <translation>文本中的 token 位置（或点击一个 token）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Neuron</source>
        <translation>神经元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>, step {0}</source>
        <translation>，第 {0} 步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0}{1} · {2} layer · m = {3} · d = {4} · {5} · {6} tokens</source>
        <translation>{0}{1} · {2} 层 · m = {3} · d = {4} · {5} · {6} 个词元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0}{1} · {2} layers · m = {3} · d = {4} · {5} · {6} tokens</source>
        <translation>{0}{1} · {2} 层 · m = {3} · d = {4} · {5} · {6} 个 token</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>of {0}</source>
        <translation>共 {0}</translation>
    </message>
</context>
<context>
    <name>ShadedText</name>
    <message>
        <location filename="../../gatelab/ui/inside_neuron.py" line="-171"/>
        <source>HTML page (*.html);;PNG image (*.png);;SVG drawing (*.svg);;CSV data (*.csv)</source>
        <translation>HTML 页面 (*.html);;PNG 图像 (*.png);;SVG 矢量图 (*.svg);;CSV 数据 (*.csv)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the shaded text as an HTML page or a picture, or its numbers as CSV</source>
        <translation>将着色文本保存为 HTML 网页或图片，或将其数值保存为 CSV</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>&lt;b&gt;Neuron explorer&lt;/b&gt;: analyse a text to see what each neuron fires on.</source>
        <translation>&lt;b&gt;神经元浏览器&lt;/b&gt;：分析一段文本，查看每个神经元对什么激活。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&lt;b&gt;Neuron L{0} #{1}&lt;/b&gt; on this text: &lt;span style=&apos;background:#b2182b;color:white&apos;&gt;&amp;nbsp;red&amp;nbsp;&lt;/span&gt; h &amp;gt; 0, &lt;span style=&apos;background:#2166ac;color:white&apos;&gt;&amp;nbsp;blue&amp;nbsp;&lt;/span&gt; h &amp;lt; 0, deeper = larger |h| (max {2}). Hover a token for g, u, act(g), h; click to pick it; drag across tokens to select a span.</source>
        <translation>&lt;b&gt;神经元 L{0} #{1}&lt;/b&gt; 在此文本上：&lt;span style=&apos;background:#b2182b;color:white&apos;&gt;&amp;nbsp;红&amp;nbsp;&lt;/span&gt; h &amp;gt; 0，&lt;span style=&apos;background:#2166ac;color:white&apos;&gt;&amp;nbsp;蓝&amp;nbsp;&lt;/span&gt; h &amp;lt; 0，颜色越深 |h| 越大（最大 {2}）。悬停在 token 上查看 g、u、act(g)、h；点击选中它；拖过多个 token 选择片段。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Neuron L{0} #{1}</source>
        <translation>神经元 L{0} #{1}</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Unknown export format {0}: use .html, .png, .svg or .csv</source>
        <translation>未知的导出格式 {0}：请使用 .html、.png、.svg 或 .csv</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>nothing to export yet</source>
        <translation>还没有可导出的内容</translation>
    </message>
</context>
<context>
    <name>SinkExperimentBox</name>
    <message>
        <location filename="../../gatelab/ui/inside_sink_exp.py" line="+50"/>
        <source>Experiment: attention output gate off vs on</source>
        <translation>实验：注意力输出门控 关 vs 开</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Seeds per arm; two or more give a noise floor</source>
        <translation>每组的种子数；两个或以上才有噪声底</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Train both</source>
        <translation>训练两组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trains the same small model with the gate off and on for each seed (several minutes on a CPU)</source>
        <translation>对每个种子，分别在门控关闭和开启时训练同一个小模型（CPU 上需要几分钟）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>gate off</source>
        <translation>门控关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gate on</source>
        <translation>门控开启</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>noise floor</source>
        <translation>噪声底</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>seeds</source>
        <translation>种子数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Training {0} runs of {1} steps…</source>
        <translation>正在训练 {0} 次运行，每次 {1} 步…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The experiment failed: {0}</source>
        <translation>实验失败：{0}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>first-token share</source>
        <translation>首 token 占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max |hidden|</source>
        <translation>最大 |hidden|</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>val loss</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>stopped early</source>
        <translation>提前停止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{0}; saved in {1}</source>
        <translation>{0}；已保存到 {1}</translation>
    </message>
</context>
<context>
    <name>SinkView</name>
    <message>
        <location filename="../../gatelab/ui/inside_sink.py" line="+40"/>
        <source>First-token attention share, per layer and head</source>
        <translation>首 token 注意力占比（每层、每头）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean attention weight on the first token over query positions ≥ 1; 1/t would be uniform</source>
        <translation>查询位置 ≥ 1 上对首 token 的平均注意力权重；均匀分布时为 1/t</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>head</source>
        <translation>头</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+21"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>share (%)</source>
        <translation>占比 (%)</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>&lt;b&gt;The lesson:&lt;/b&gt; without an attention output gate, 46.7 % of attention lands on the first token; with it, 4.8 %. The largest hidden activation drops from 1053 to 94, and the gate&apos;s mean value is only 0.116. Train both below, or train runs with and without “Attention output gate” and open them here.</source>
        <translation>&lt;b&gt;课程要点：&lt;/b&gt;没有注意力输出门控时，46.7 % 的注意力落在第一个词元上；有门控时只有 4.8 %。最大的隐藏激活从 1053 降到 94，而门控的平均值只有 0.116。在下面训练两组，或者分别训练开启和关闭“注意力输出门控”的运行，再在这里打开它们。</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>sink (mean over heads)</source>
        <translation>汇聚（各头均值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attention gate mean</source>
        <translation>注意力门控均值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>max |hidden|</source>
        <translation>最大 |hidden|</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>— (no softmax attention)</source>
        <translation>—（无 softmax 注意力）</translation>
    </message>
</context>
<context>
    <name>SourceBar</name>
    <message>
        <location filename="../../gatelab/ui/inside_source.py" line="+55"/>
        <source>Live run (trainer tab)</source>
        <translation>实时运行（训练标签页）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved run</source>
        <translation>已保存的运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hugging Face model folder</source>
        <translation>Hugging Face 模型文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Whose activations to look at</source>
        <translation>查看谁的激活</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Your saved runs, newest first</source>
        <translation>你保存的运行，最新的在前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no saved runs yet: train one in the Live trainer tab, or open a run folder</source>
        <translation>还没有保存的运行：在“实时训练”标签页训练一个，或打开一个运行文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+6"/>
        <source>Folder…</source>
        <translation>文件夹…</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Open any run folder</source>
        <translation>打开任意运行文件夹</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>folder with config.json, *.safetensors and the tokenizer files</source>
        <translation>包含 config.json、*.safetensors 和分词器文件的文件夹</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>auto: the GPU when there is one, else the CPU</source>
        <translation>auto：有 GPU 时用 GPU，否则用 CPU</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>bf16 halves the memory of the weights</source>
        <translation>bf16 使权重占用的内存减半</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the text to analyse</source>
        <translation>要分析的文本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Examples</source>
        <translation>示例</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>▶ Analyse</source>
        <translation>▶ 分析</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the text through the model once; switching layer, neuron or token afterwards is instant</source>
        <translation>让文本经过模型一次；之后切换层、神经元或 token 会立即生效</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>No live run yet: start one in the Live trainer tab (Ctrl+4), or pick a saved run.</source>
        <translation>还没有实时运行：请在“实时训练”标签页中启动一个（Ctrl+4），或选择已保存的运行。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Choose a saved run (or open a run folder).</source>
        <translation>选择一个已保存的运行（或打开运行文件夹）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose a Hugging Face model folder on disk.</source>
        <translation>选择磁盘上的 Hugging Face 模型文件夹。</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Choose a run folder</source>
        <translation>选择运行文件夹</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Choose a Hugging Face model folder</source>
        <translation>选择 Hugging Face 模型文件夹</translation>
    </message>
    <message>
        <location filename="../../gatelab/ui/inside_jobs.py" line="+22"/>
        <source>reading the checkpoint</source>
        <translation>正在读取检查点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running the text through the model</source>
        <translation>正在让文本通过模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>done</source>
        <translation>完成</translation>
    </message>
</context>
<context>
    <name>StateActions</name>
    <message>
        <location filename="../../gatelab/ui/main_state.py" line="+113"/>
        <source>Save state</source>
        <translation>保存状态</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>gatelab state (*.gatelab)</source>
        <translation>gatelab 状态 (*.gatelab)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Could not save the state: {0}</source>
        <translation>无法保存状态：{0}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>State saved to {0}</source>
        <translation>状态已保存到 {0}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open state</source>
        <translation>打开状态</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>gatelab state (*.gatelab);;All files (*)</source>
        <translation>gatelab 状态 (*.gatelab);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reading {0}…</source>
        <translation>正在读取 {0}…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Could not open {0}: {1}</source>
        <translation>无法打开 {0}：{1}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>State opened from {0}</source>
        <translation>已从 {0} 打开状态</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>State copied to the clipboard</source>
        <translation>状态已复制到剪贴板</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The clipboard holds no usable state: {0}</source>
        <translation>剪贴板中没有可用的状态：{0}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>State pasted</source>
        <translation>状态已粘贴</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The state was not applied; nothing changed. {0}</source>
        <translation>状态未应用，当前设置保持不变。{0}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>TopKView</name>
    <message>
        <location filename="../../gatelab/ui/inside_topk.py" line="+40"/>
        <source>Top activating contexts</source>
        <translation>激活最强的上下文</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Text file…</source>
        <translation>文本文件…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A UTF-8 text file to search (HF models)</source>
        <translation>要搜索的 UTF-8 文本文件（HF 模型）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Find top contexts</source>
        <translation>查找最强上下文</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>CSV data (*.csv);;HTML page (*.html);;PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>CSV 数据 (*.csv);;HTML 页面 (*.html);;PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>the text file {0}</source>
        <translation>文本文件 {0}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a text file (choose one)</source>
        <translation>某个文本文件（请选择）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the validation split of the run (text it never trained on)</source>
        <translation>该运行的验证集（从未训练过的文本）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where in {0} does neuron {1} fire most?</source>
        <translation>神经元 {1} 在{0}中的哪些位置激活最强？</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>These contexts are for {0}; press “Find top contexts” for {1}.</source>
        <translation>这些上下文属于 {0}；按“查找最强上下文”查看 {1} 的结果。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source> (cancelled: the best of the part searched)</source>
        <translation>（已取消：只是已搜索部分中的最佳结果）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{0}: the {1} highest h over {2:,} characters{3}.</source>
        <translation>{0}：{2:,} 个字符中 h 最高的 {1} 处{3}。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Unknown export format {0}: use .csv, .html, .png or .svg</source>
        <translation>未知的导出格式 {0}：请使用 .csv、.html、.png 或 .svg</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Text to search</source>
        <translation>要搜索的文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Text files (*.txt *.md);;All files (*)</source>
        <translation>文本文件 (*.txt *.md);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>TrainerControls</name>
    <message>
        <location filename="../../gatelab/ui/trainer_controls.py" line="+64"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{0} — classic, 2 matrices</source>
        <translation>{0} — 经典，2 个矩阵</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The feed-forward block inside every layer</source>
        <translation>每层中的前馈网络块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FFN variant</source>
        <translation>FFN 变体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model width d (embedding size)</source>
        <translation>模型宽度 d（嵌入维度）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Width d</source>
        <translation>宽度 d</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Number of transformer blocks</source>
        <translation>Transformer 块数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention heads (width must divide by it)</source>
        <translation>注意力头数（宽度须能被其整除）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heads</source>
        <translation>头数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Key/value heads: same as heads (MHA), fewer (GQA) or 1 (MQA)</source>
        <translation>键/值头数：与头数相同（MHA）、更少（GQA）或 1（MQA）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>= heads</source>
        <translation>= 头数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MLP intermediate width m; &apos;auto&apos; uses 8/3·d for gated variants, 4·d for classic</source>
        <translation>MLP 中间层宽度 m；“自动”时门控变体用 8/3·d，经典变体用 4·d</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+41"/>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>8/3</source>
        <translation>8/3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>m = ⌈8d/3⌉ rounded up to 16: a gated FFN with the parameters of a classic 4·d one</source>
        <translation>m = ⌈8d/3⌉ 向上取整到 16 的倍数：参数量与经典 4·d 相当的门控 FFN</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Param-matched</source>
        <translation>参数匹配</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Parameter-matched pair: a gated variant gets the width matching a classic 4·d FFN (d = 256: 688), a classic one gets 4·d (1024)</source>
        <translation>参数匹配的一对：门控变体取与经典 4·d FFN 参数量相当的宽度（d = 256 时为 688），经典变体取 4·d（1024）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Intermediate m</source>
        <translation>中间层 m</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Context length in characters</source>
        <translation>上下文长度（字符数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Block size</source>
        <translation>块大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention output gate</source>
        <translation>注意力输出门控</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A per-head sigmoid gate on the attention output, computed from the block input</source>
        <translation>作用在注意力输出上的逐头 sigmoid 门控，由块输入计算</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Exact count from the budget module</source>
        <translation>来自参数预算模块的精确计数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Optimizer steps</source>
        <translation>优化器步数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sequences per step</source>
        <translation>每步的序列数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Peak learning rate of AdamW, e.g. 1e-3</source>
        <translation>AdamW 的峰值学习率，例如 1e-3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Linear warm-up steps before cosine decay</source>
        <translation>余弦衰减前的线性预热步数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Evaluate on validation every N steps</source>
        <translation>每 N 步在验证集上评估一次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Eval every</source>
        <translation>评估间隔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Same seed, same run (on CPU)</source>
        <translation>同一种子，同一结果（CPU 上）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Where to train; &apos;auto&apos; picks CUDA, then MPS, then CPU</source>
        <translation>训练设备；“自动”依次选择 CUDA、MPS、CPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>torch.compile (slow start, faster steps)</source>
        <translation>torch.compile（启动慢，每步更快）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reset to defaults</source>
        <translation>恢复默认设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put every setting back to gatelab&apos;s defaults</source>
        <translation>把所有设置恢复为 gatelab 的默认值</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>learning rate must be a number like 1e-3, got {0!r}</source>
        <translation>学习率必须是类似 1e-3 的数字，实际为 {0!r}</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>auto → {0}</source>
        <translation>自动 → {0}</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>≈ {0:,} ({1:.2f} M)</source>
        <translation>≈ {0:,}（{1:.2f} M）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exact once the corpus is read (the vocabulary sets the embedding size)</source>
        <translation>读取语料后即为精确值（词表大小决定嵌入矩阵大小）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{0:,} ({1:.2f} M)</source>
        <translation>{0:,}（{1:.2f} M）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exact count from the budget module, vocabulary {0}</source>
        <translation>来自参数预算模块的精确计数，词表 {0}</translation>
    </message>
</context>
<context>
    <name>TrainerPanel</name>
    <message>
        <location filename="../../gatelab/ui/trainer_panel.py" line="+97"/>
        <source>Live plots</source>
        <translation>实时曲线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs</source>
        <translation>运行记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Experiment: variant vs variant</source>
        <translation>实验：变体对比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every saved run: replay, resume, delete</source>
        <translation>所有已保存的运行：回放、继续、删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SwiGLU vs GELU at equal parameters, over several seeds, with a noise floor</source>
        <translation>参数量相等时 SwiGLU 对比 GELU，多个种子，附噪声下限</translation>
    </message>
    <message>
        <location line="+65"/>
        <location line="+4"/>
        <source>Not started: {0}</source>
        <translation>未开始：{0}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Not started: cannot create a run folder: {0}</source>
        <translation>未开始：无法创建运行文件夹：{0}</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Reading run {0}…</source>
        <translation>正在读取运行 {0}…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run read with a problem: {0}</source>
        <translation>运行已读取，但有问题：{0}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not replayed: stop the current run first</source>
        <translation>未回放：请先停止当前运行</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Replay</source>
        <translation>回放</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Replay of {0}</source>
        <translation>回放 {0}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Opened run {0}</source>
        <translation>已打开运行 {0}</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>No checkpoint yet: the run saves one at its first evaluation, every {0} steps, at least every minute and at its end.</source>
        <translation>还没有检查点：运行会在首次评估时、每 {0} 步、至少每分钟一次以及结束时保存检查点。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sampling from the latest checkpoint…</source>
        <translation>正在从最新检查点生成文本…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Run {0}</source>
        <translation>运行 {0}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Training on {0}</source>
        <translation>正在 {0} 上训练</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The run ended with an error: {0}</source>
        <translation>运行因错误而结束：{0}</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>an experiment is training (see the Experiment view)</source>
        <translation>正在训练一个实验（见“实验”页）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Experiment running</source>
        <translation>实验运行中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Could not read the run: {0}</source>
        <translation>无法读取运行：{0}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No sample: {0}</source>
        <translation>无法生成样例：{0}</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>{0}, layer L{1}, step {2}</source>
        <translation>{0}，L{1} 层，第 {2} 步</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Error</source>
        <translation>出错</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
</context>
<context>
    <name>TrainerPlots</name>
    <message>
        <location filename="../../gatelab/ui/trainer_plots.py" line="+126"/>
        <source>Loss (nats per character)</source>
        <translation>损失（每字符 nats）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cross-entropy on the training batch (thin), its debiased moving average (thick) and on held-out validation text (dots). Lower is better; ln(vocab) is a random guess.</source>
        <translation>训练批次上的交叉熵（细线）、其去偏移动平均（粗线），以及留出验证文本上的交叉熵（圆点）。越低越好；ln(vocab) 相当于随机猜测。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+5"/>
        <location line="+6"/>
        <location line="+2"/>
        <location line="+3"/>
        <location line="+2"/>
        <location line="+13"/>
        <location line="+2"/>
        <location line="+3"/>
        <location line="+2"/>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>train</source>
        <translation>训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>train (smoothed)</source>
        <translation>训练（平滑）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Gate sparsity per layer</source>
        <translation>每层的门控稀疏度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Solid: fraction of gates &apos;closed&apos; (|act(g)| &lt; ε) — the neuron passes almost nothing. Dashed: fraction of pre-gates g &lt; 0. One colour per layer, named in the legend.</source>
        <translation>实线：“关闭”的门控所占比例（|act(g)| &lt; ε）——该神经元几乎不传递任何信号。虚线：预激活值 g &lt; 0 的比例。每层一种颜色，图例中标明层号。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Largest |h| per layer</source>
        <translation>每层最大 |h|</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The biggest MLP hidden activation h = act(g)·u seen: outliers grow here first.</source>
        <translation>观察到的最大 MLP 隐藏激活 h = act(g)·u：离群值最先在这里增长。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>MLP contribution per layer</source>
        <translation>每层 MLP 贡献</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>‖MLP output‖ / ‖layer output‖ averaged over tokens: each MLP writes a correction into the residual stream, not a replacement (values well below 1).</source>
        <translation>‖MLP 输出‖ / ‖层输出‖ 按 token 平均：每个 MLP 向残差流写入一个修正，而不是替换它（数值远小于 1）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+1"/>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ratio</source>
        <translation>比值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Warm-up, then cosine decay.</source>
        <translation>先预热，再余弦衰减。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>lr</source>
        <translation>lr</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Throughput (tokens/s)</source>
        <translation>吞吐量（tokens/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Characters processed per second of training.</source>
        <translation>训练时每秒处理的字符数。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>L{0} closed</source>
        <translation>L{0} 关闭</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L{0} g&lt;0</source>
        <translation>L{0} g&lt;0</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L{0}</source>
        <translation>L{0}</translation>
    </message>
</context>
<context>
    <name>tabs</name>
    <message>
        <location filename="../../gatelab/ui/tabs.py" line="+64"/>
        <source>Activation curves</source>
        <translation>激活函数曲线</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SiLU, ReLU, GELU and friends, with derivatives and a z probe</source>
        <translation>SiLU、ReLU、GELU 等激活函数及其导数，附 z 探针</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gate plane</source>
        <translation>门控平面</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>h = act(g)·u and its gradients over the (g, u) plane</source>
        <translation>h = act(g)·u 及其梯度在 (g, u) 平面上的分布</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameter budget</source>
        <translation>参数预算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exact parameter accounting: 8h² vs 3hm, presets, config readers</source>
        <translation>精确参数量核算：8h² 对比 3hm，预设模型，配置读取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live trainer</source>
        <translation>实时训练</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Train a small transformer and watch its gates live</source>
        <translation>训练一个小型 Transformer，实时观察它的门控</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inside the model</source>
        <translation>模型内部</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What each neuron fires on, the gates at a token, the MLP as a small correction, attention sinks</source>
        <translation>每个神经元对什么激活、单个 token 的门控、MLP 只是小修正、注意力汇聚</translation>
    </message>
</context>
</TS>
