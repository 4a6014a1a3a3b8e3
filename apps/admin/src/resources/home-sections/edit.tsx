import { type AdminHomeSection, SECTION_TITLE_MAX } from '@ld/contract/admin/home';
import { SEARCH_KIND_TEXT } from '@ld/contract/home-values';
import { Edit, useForm } from '@refinedev/antd';
import { Form, Input, InputNumber, Switch, Typography } from 'antd';
import { LoadFailed } from '../../shared/load-failed';

/** 编辑首页栏目: its title, its place and whether the home shows it. */
export function HomeSectionEdit() {
  const { formProps, saveButtonProps, query } = useForm<AdminHomeSection>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已保存栏目「${data?.data.title ?? ''}」` }),
  });
  const kind = query?.data?.data.kind;
  return (
    <Edit
      goBack={false}
      title="编辑首页栏目"
      saveButtonProps={{ ...saveButtonProps, children: '保存' }}
      isLoading={query?.isLoading}
      canDelete={false}
    >
      {query?.isError ? (
        <LoadFailed what="首页栏目" query={query} />
      ) : (
        <Form {...formProps} name="home-section-edit" layout="vertical" requiredMark={false}>
          {kind ? <Typography.Paragraph>内容：热门{SEARCH_KIND_TEXT[kind]}</Typography.Paragraph> : null}
          <Form.Item
            label="栏目标题"
            name="title"
            rules={[
              { required: true, whitespace: true, message: '请填写栏目标题' },
              { max: SECTION_TITLE_MAX, message: `栏目标题最多 ${SECTION_TITLE_MAX} 个字` },
            ]}
          >
            <Input maxLength={SECTION_TITLE_MAX} showCount style={{ width: 300 }} />
          </Form.Item>
          <Form.Item label="排序" name="sort" extra="数字小的排在前面">
            <InputNumber min={0} max={9999} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="在首页显示" name="published" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      )}
    </Edit>
  );
}
